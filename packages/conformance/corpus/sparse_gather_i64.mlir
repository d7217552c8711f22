// Gather through i64 coordinates: used as-is (no widening possible).
func.func @sparse_gather_i64(%pos: memref<?xindex>, %crd: memref<?xi64>, %vals: memref<?xi32>, %d: memref<?xi32>, %out: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xi64>
    %1 = arith.index_cast %0 : i64 to index
    %2 = memref.load %vals[%ii] : memref<?xi32>
    %3 = memref.load %d[%1] : memref<?xi32>
    %4 = arith.muli %2, %3 : i32
    memref.store %4, %out[%ii] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
