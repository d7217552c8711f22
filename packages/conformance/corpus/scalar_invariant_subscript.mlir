// Left scalar: an invariant subscript in the innermost (only) dimension of a load.
func.func @scalar_invariant_subscript(%a: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%c2] : memref<?xf32>
    %1 = memref.load %a[%i] : memref<?xf32>
    %2 = arith.addf %0, %1 : f32
    memref.store %2, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
