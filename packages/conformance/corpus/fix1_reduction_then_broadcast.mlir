// Fix 1: normalisation x(i) = a(i) / sum(a). MLIR's chain rewriter replaces the broadcast
// of the sum (an invariant of the second loop) with the first loop's partial-sum vector,
// so each lane divides by a partial sum. We fold only into a same-kind reduction's init.
func.func @fix1_reduction_then_broadcast(%a: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.000000e+00 : f32
  %sum = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (f32) {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.addf %acc, %0 : f32
    scf.yield %1 : f32
  } {"Emitted from" = "linalg.generic"}
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.divf %0, %sum : f32
    memref.store %1, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
