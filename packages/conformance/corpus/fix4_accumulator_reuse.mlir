// Fix 4: acc' = acc + acc * x yields addi(acc, y) but y also depends on the accumulator,
// so this is no reduction (it multiplies acc by 1 + x each step). MLIR vectorizes it as an
// ADD reduction anyway; we require the accumulator to be used once, by the reduction op.
func.func @fix4_accumulator_reuse(%a: memref<?xi32>, %init: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = arith.muli %acc, %0 : i32
    %2 = arith.addi %acc, %1 : i32
    scf.yield %2 : i32
  } {"Emitted from" = "linalg.generic"}
  return %r : i32
}
