// Gather through i32 coordinates: extui i32 -> i64 -> index_cast; the index vector is
// widened to i64 unless enable-simd-index32 keeps it at i32.
func.func @sparse_gather_i32(%pos: memref<?xindex>, %crd: memref<?xi32>, %vals: memref<?xf64>, %d: memref<?xf64>, %out: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xi32>
    %1 = arith.extui %0 : i32 to i64
    %2 = arith.index_cast %1 : i64 to index
    %3 = memref.load %vals[%ii] : memref<?xf64>
    %4 = memref.load %d[%2] : memref<?xf64>
    %5 = arith.addf %3, %4 : f64
    memref.store %5, %out[%ii] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
