// Left alone: the loop lacks the sparsifier's "Emitted from" marker.
func.func @scalar_no_marker(%a: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    memref.store %0, %x[%i] : memref<?xf32>
  }
  return
}
