// Left alone: the step is 2, not the unit step the vectorizer requires.
func.func @scalar_step_two(%a: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c2 {
    %0 = memref.load %a[%i] : memref<?xf32>
    memref.store %0, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
