// Sparse SAXPY: y += a * x for a sparse vector x stored as coordinates and values (the
// compressed level of a 1-D sparse tensor), the loop MLIR's sparsifier emits for it.
//   pos = [lo, hi]   the range of x's stored entries
//   crd[ii]          the position of entry ii in y
//   vals[ii]         its value
// tilekit opt --sparse-vectorization="vl=8" turns the loop into gathers and scatters of 8 lanes.
func.func @saxpy_sparse(%pos: memref<?xindex>, %crd: memref<?xindex>, %vals: memref<?xf32>,
                        %y: memref<?xf32>, %a: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %i = memref.load %crd[%ii] : memref<?xindex>
    %x = memref.load %vals[%ii] : memref<?xf32>
    %yi = memref.load %y[%i] : memref<?xf32>
    %ax = arith.mulf %a, %x : f32
    %sum = arith.addf %yi, %ax : f32
    memref.store %sum, %y[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
