// Shifts by invariant amounts (constants defined outside the loop) vectorize.
func.func @shift_invariant(%a: memref<?xi32>, %x: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k3 = arith.constant 3 : i32
  %k5 = arith.constant 5 : i32
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = arith.shli %0, %k3 : i32
    %2 = arith.shrui %0, %k5 : i32
    %3 = arith.shrsi %0, %k3 : i32
    %4 = arith.addi %1, %2 : i32
    %5 = arith.xori %4, %3 : i32
    memref.store %5, %x[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
