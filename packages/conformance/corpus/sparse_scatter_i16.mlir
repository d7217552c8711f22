// Scatter through i16 coordinates (widened to i32).
func.func @sparse_scatter_i16(%pos: memref<?xindex>, %crd: memref<?xi16>, %vals: memref<?xi32>, %y: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xi16>
    %1 = arith.extui %0 : i16 to i64
    %2 = arith.index_cast %1 : i64 to index
    %3 = memref.load %vals[%ii] : memref<?xi32>
    memref.store %3, %y[%2] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
