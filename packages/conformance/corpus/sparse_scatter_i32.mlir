// Sparse to dense: y(crd(ii)) = vals(ii) * s, a scatter through i32 coordinates.
func.func @sparse_scatter_i32(%pos: memref<?xindex>, %crd: memref<?xi32>, %vals: memref<?xf32>, %y: memref<?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xi32>
    %1 = arith.extui %0 : i32 to i64
    %2 = arith.index_cast %1 : i64 to index
    %3 = memref.load %vals[%ii] : memref<?xf32>
    %4 = arith.mulf %3, %s : f32
    memref.store %4, %y[%2] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
