// Fix 3: the destination is a view with stride 2 (every other element of a buffer).
// MLIR emits vector.maskedstore on it, which writes consecutive memory, not every other
// element. We only emit contiguous loads/stores on unit-stride memrefs and leave it scalar.
func.func @fix3_strided_store(%a: memref<?xf32>, %x: memref<?xf32, strided<[2]>>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    memref.store %0, %x[%i] : memref<?xf32, strided<[2]>>
  } {"Emitted from" = "linalg.generic"}
  return
}
