// Left scalar: a body holding only the yield (a custom reduce with a unary op can emit it).
func.func @scalar_yield_only(%init: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    scf.yield %acc : f32
  } {"Emitted from" = "linalg.generic"}
  return %r : f32
}
