// OR reduction on i16.
func.func @red_or_i16(%a: memref<?xi16>, %init: i16, %n: index) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i16) {
    %0 = memref.load %a[%i] : memref<?xi16>
    %1 = arith.ori %acc, %0 : i16
    scf.yield %1 : i16
  } {"Emitted from" = "linalg.generic"}
  return %r : i16
}
