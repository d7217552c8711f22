// Two AND reduction loops in a chain on i16 (broadcast init folded into the chain).
func.func @chain_and_and_i16(%a: memref<?xi16>, %b: memref<?xi16>, %init: i16, %n: index) -> i16 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r0 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i16) {
    %0 = memref.load %a[%i] : memref<?xi16>
    %1 = arith.andi %acc, %0 : i16
    scf.yield %1 : i16
  } {"Emitted from" = "linalg.generic"}
  %r1 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r0) -> (i16) {
    %0 = memref.load %b[%i] : memref<?xi16>
    %1 = arith.andi %0, %acc : i16
    scf.yield %1 : i16
  } {"Emitted from" = "linalg.generic"}
  return %r1 : i16
}
