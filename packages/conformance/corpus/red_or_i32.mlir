// OR reduction on i32: init vector broadcast(r).
func.func @red_or_i32(%a: memref<?xi32>, %init: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = arith.ori %acc, %0 : i32
    scf.yield %1 : i32
  } {"Emitted from" = "linalg.generic"}
  return %r : i32
}
