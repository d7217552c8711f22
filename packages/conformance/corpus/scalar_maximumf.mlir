// Left scalar: arith.maximumf is not in the binary op table.
func.func @scalar_maximumf(%a: memref<?xf32>, %b: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = memref.load %b[%i] : memref<?xf32>
    %2 = arith.maximumf %0, %1 : f32
    memref.store %2, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
