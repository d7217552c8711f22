// CSR SpMV on f64 with i32 coordinates (extui + index_cast chain, widened gather index).
func.func @spmv_csr_i32crd_f64(%pos: memref<?xi32>, %crd: memref<?xi32>, %vals: memref<?xf64>, %x: memref<?xf64>, %y: memref<?xf64>, %m: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    %y0 = memref.load %y[%i] : memref<?xf64>
    %p0 = memref.load %pos[%i] : memref<?xi32>
    %p0e = arith.extui %p0 : i32 to i64
    %lo = arith.index_cast %p0e : i64 to index
    %i1 = arith.addi %i, %c1 : index
    %p1 = memref.load %pos[%i1] : memref<?xi32>
    %p1e = arith.extui %p1 : i32 to i64
    %hi = arith.index_cast %p1e : i64 to index
    %r = scf.for %ii = %lo to %hi step %c1 iter_args(%acc = %y0) -> (f64) {
      %0 = memref.load %crd[%ii] : memref<?xi32>
      %1 = arith.extui %0 : i32 to i64
      %2 = arith.index_cast %1 : i64 to index
      %3 = memref.load %vals[%ii] : memref<?xf64>
      %4 = memref.load %x[%2] : memref<?xf64>
      %5 = arith.mulf %3, %4 : f64
      %6 = arith.addf %acc, %5 : f64
      scf.yield %6 : f64
    } {"Emitted from" = "linalg.generic"}
    memref.store %r, %y[%i] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
