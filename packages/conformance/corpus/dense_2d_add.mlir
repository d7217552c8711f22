// 2-D elementwise X(i,j) = A(i,j) + B(i,j): the outer index passes through as an
// invariant subscript, the inner one is the vectorized induction variable.
func.func @dense_2d_add(%A: memref<?x?xf32>, %B: memref<?x?xf32>, %X: memref<?x?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %m step %c1 {
    scf.for %j = %c0 to %n step %c1 {
      %0 = memref.load %A[%i, %j] : memref<?x?xf32>
      %1 = memref.load %B[%i, %j] : memref<?x?xf32>
      %2 = arith.addf %0, %1 : f32
      memref.store %2, %X[%i, %j] : memref<?x?xf32>
    } {"Emitted from" = "linalg.generic"}
  } {"Emitted from" = "linalg.generic"}
  return
}
