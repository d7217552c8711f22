// Gather through i16 coordinates: the index vector is always widened to i32.
func.func @sparse_gather_i16(%pos: memref<?xindex>, %crd: memref<?xi16>, %vals: memref<?xf32>, %d: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xi16>
    %1 = arith.extui %0 : i16 to i64
    %2 = arith.index_cast %1 : i64 to index
    %3 = memref.load %vals[%ii] : memref<?xf32>
    %4 = memref.load %d[%2] : memref<?xf32>
    %5 = arith.mulf %3, %4 : f32
    memref.store %5, %out[%ii] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
