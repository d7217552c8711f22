// Left scalar: a loop carrying two reductions (only single-result reductions vectorize).
func.func @scalar_two_results(%a: memref<?xi32>, %n: index, %s0: i32, %p0: i32) -> (i32, i32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%s = %s0, %p = %p0) -> (i32, i32) {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = arith.addi %s, %0 : i32
    %2 = arith.xori %p, %0 : i32
    scf.yield %1, %2 : i32, i32
  } {"Emitted from" = "linalg.generic"}
  return %r#0, %r#1 : i32, i32
}
