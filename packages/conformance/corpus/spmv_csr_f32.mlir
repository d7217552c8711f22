// CSR SpMV y(i) = sum_ii vals(ii) * x(crd(ii)): the inner sparse loop is an ADD
// reduction with a gather; the outer row loop stays scalar.
func.func @spmv_csr_f32(%pos: memref<?xindex>, %crd: memref<?xindex>, %vals: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    %y0 = memref.load %y[%i] : memref<?xf32>
    %lo = memref.load %pos[%i] : memref<?xindex>
    %i1 = arith.addi %i, %c1 : index
    %hi = memref.load %pos[%i1] : memref<?xindex>
    %r = scf.for %ii = %lo to %hi step %c1 iter_args(%acc = %y0) -> (f32) {
      %0 = memref.load %crd[%ii] : memref<?xindex>
      %1 = memref.load %vals[%ii] : memref<?xf32>
      %2 = memref.load %x[%0] : memref<?xf32>
      %3 = arith.mulf %1, %2 : f32
      %4 = arith.addf %acc, %3 : f32
      scf.yield %4 : f32
    } {"Emitted from" = "linalg.generic"}
    memref.store %r, %y[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
