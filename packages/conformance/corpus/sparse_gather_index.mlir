// Sparse x dense: out(ii) = vals(ii) * d(crd(ii)) with index coordinates (gather, no widening).
func.func @sparse_gather_index(%pos: memref<?xindex>, %crd: memref<?xindex>, %vals: memref<?xf32>, %d: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xindex>
    %1 = memref.load %vals[%ii] : memref<?xf32>
    %2 = memref.load %d[%0] : memref<?xf32>
    %3 = arith.mulf %1, %2 : f32
    memref.store %3, %out[%ii] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
