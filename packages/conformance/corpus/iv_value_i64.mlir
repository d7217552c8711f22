// The induction variable as a value: x(i) = i, vectorized as broadcast(i) + [0, 1, ...].
func.func @iv_value_i64(%x: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = arith.index_cast %i : index to i64
    memref.store %0, %x[%i] : memref<?xi64>
  } {"Emitted from" = "linalg.generic"}
  return
}
