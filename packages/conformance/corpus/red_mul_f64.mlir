// MUL reduction on f64 (x * acc).
func.func @red_mul_f64(%a: memref<?xf64>, %init: f64, %n: index) -> f64 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f64) {
    %0 = memref.load %a[%i] : memref<?xf64>
    %1 = arith.mulf %0, %acc : f64
    scf.yield %1 : f64
  } {"Emitted from" = "linalg.generic"}
  return %r : f64
}
