// Fill with an invariant argument: x(i) = s is a broadcast store.
func.func @invariant_store(%x: memref<?xf64>, %s: f64, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    memref.store %s, %x[%i] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
