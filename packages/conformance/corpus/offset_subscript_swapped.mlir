// The subscript j + base puts the induction variable first; the rule accepts either
// operand order of `invariant + iv` and emits base + j.
func.func @offset_subscript_swapped(%a: memref<?xf32>, %x: memref<?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    %base = arith.muli %i, %n : index
    scf.for %j = %c0 to %n step %c1 {
      %k = arith.addi %j, %base : index
      %0 = memref.load %a[%k] : memref<?xf32>
      memref.store %0, %x[%k] : memref<?xf32>
    } {"Emitted from" = "linalg.generic"}
  } {"Emitted from" = "linalg.generic"}
  return
}
