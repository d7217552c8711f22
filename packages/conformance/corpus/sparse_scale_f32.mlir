// Sparse vector scaled in place: vals(ii) *= s for ii in [pos(0), pos(1)).
func.func @sparse_scale_f32(%pos: memref<?xindex>, %vals: memref<?xf32>, %s: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %vals[%ii] : memref<?xf32>
    %1 = arith.mulf %0, %s : f32
    memref.store %1, %vals[%ii] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
