// XOR reduction over the induction variable itself: acc ^ i over [0, 100), with the
// IV-as-value rule (broadcast(i) + [0, 1, ...]) inside a reduction.
func.func @red_xor_i32_iv(%init: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  %r = scf.for %i = %c0 to %c100 step %c1 iter_args(%acc = %init) -> (i32) {
    %0 = arith.index_cast %i : index to i32
    %1 = arith.xori %acc, %0 : i32
    scf.yield %1 : i32
  } {"Emitted from" = "linalg.generic"}
  return %r : i32
}
