// ADD reduction with a constant initial value and constant bounds [0, 64): the init
// vector folds to a constant, and under the all-true mask the select folds away.
func.func @red_add_f64_const_bounds(%a: memref<?xf64>, %b: memref<?xf64>) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.000000e+00 : f64
  %r = scf.for %i = %c0 to %c64 step %c1 iter_args(%acc = %zero) -> (f64) {
    %0 = memref.load %a[%i] : memref<?xf64>
    %1 = memref.load %b[%i] : memref<?xf64>
    %2 = arith.mulf %0, %1 : f64
    %3 = arith.addf %2, %acc : f64
    scf.yield %3 : f64
  } {"Emitted from" = "linalg.generic"}
  return %r : f64
}
