// MUL reduction on f32: init vector [r, 1, ...].
func.func @red_mul_f32(%a: memref<?xf32>, %init: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.mulf %acc, %0 : f32
    scf.yield %1 : f32
  } {"Emitted from" = "linalg.generic"}
  return %r : f32
}
