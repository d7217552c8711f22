// Left scalar: the shift amount is a function argument. MLIR's invariance test for shift
// amounts only accepts values defined by an operation outside the loop, not block arguments.
func.func @scalar_shift_arg(%a: memref<?xi32>, %x: memref<?xi32>, %k: i32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = arith.shrui %0, %k : i32
    memref.store %1, %x[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
