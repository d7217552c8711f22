// Two ADD reduction loops in a chain: the second starts from the first's vector
// (the reduction-chain rewriter skips the horizontal reduction in between).
func.func @chain_add_add(%a: memref<?xf32>, %b: memref<?xf32>, %init: f32, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (f32) {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.addf %acc, %0 : f32
    scf.yield %1 : f32
  } {"Emitted from" = "linalg.generic"}
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r0) -> (f32) {
    %0 = memref.load %b[%i] : memref<?xf32>
    %1 = arith.addf %acc, %0 : f32
    scf.yield %1 : f32
  } {"Emitted from" = "linalg.generic"}
  return %r1 : f32
}
