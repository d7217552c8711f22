// Fix 3: the source is a view with a dynamic stride (a matrix column, say). MLIR emits
// vector.maskedload on it, reading consecutive memory; we leave the loop scalar.
func.func @fix3_strided_load(%a: memref<?xf64, strided<[?], offset: ?>>, %x: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf64, strided<[?], offset: ?>>
    %1 = arith.negf %0 : f64
    memref.store %1, %x[%i] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
