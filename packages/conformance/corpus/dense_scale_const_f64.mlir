// Dense scale by a constant over a constant trip count of 64 (divisible by 4, 8 and 16):
// the mask is all-true, so the loads/stores become plain vector.load/vector.store.
func.func @dense_scale_const_f64(%a: memref<?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %cst = arith.constant 2.500000e+00 : f64
  scf.for %i = %c0 to %c64 step %c1 {
    %0 = memref.load %a[%i] : memref<?xf64>
    %1 = arith.mulf %0, %cst : f64
    memref.store %1, %x[%i] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
