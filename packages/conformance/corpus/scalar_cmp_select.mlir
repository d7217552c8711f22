// Left scalar: arith.cmpf and arith.select are not in the vectorizer's op tables.
func.func @scalar_cmp_select(%a: memref<?xf32>, %b: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = memref.load %b[%i] : memref<?xf32>
    %2 = arith.cmpf ogt, %0, %1 : f32
    %3 = arith.select %2, %0, %1 : f32
    memref.store %3, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
