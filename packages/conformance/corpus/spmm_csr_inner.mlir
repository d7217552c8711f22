// CSR SpMM C(i,j) += A(i,k) * B(k,j): the innermost dense j loop vectorizes with the
// row i (outer induction variable) and k = crd(ii) (invariant load) as outer subscripts.
func.func @spmm_csr_inner(%pos: memref<?xindex>, %crd: memref<?xindex>, %vals: memref<?xf32>, %B: memref<?x?xf32>, %C: memref<?x?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    %lo = memref.load %pos[%i] : memref<?xindex>
    %i1 = arith.addi %i, %c1 : index
    %hi = memref.load %pos[%i1] : memref<?xindex>
    scf.for %ii = %lo to %hi step %c1 {
      %k = memref.load %crd[%ii] : memref<?xindex>
      %a = memref.load %vals[%ii] : memref<?xf32>
      scf.for %j = %c0 to %n step %c1 {
        %0 = memref.load %C[%i, %j] : memref<?x?xf32>
        %1 = memref.load %B[%k, %j] : memref<?x?xf32>
        %2 = arith.mulf %a, %1 : f32
        %3 = arith.addf %0, %2 : f32
        memref.store %3, %C[%i, %j] : memref<?x?xf32>
      } {"Emitted from" = "linalg.generic"}
    } {"Emitted from" = "linalg.generic"}
  } {"Emitted from" = "linalg.generic"}
  return
}
