// Row-major 2-D data flattened into 1-D: the inner loop reads and writes a[base + j]
// where base = i * n is computed by the outer loop (an invariant value, operand 0).
func.func @offset_subscript(%a: memref<?xf32>, %x: memref<?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cst = arith.constant 3.000000e+00 : f32
  scf.for %i = %c0 to %m step %c1 {
    %base = arith.muli %i, %n : index
    scf.for %j = %c0 to %n step %c1 {
      %k = arith.addi %base, %j : index
      %0 = memref.load %a[%k] : memref<?xf32>
      %1 = arith.mulf %0, %cst : f32
      memref.store %1, %x[%k] : memref<?xf32>
    } {"Emitted from" = "linalg.generic"}
  } {"Emitted from" = "linalg.generic"}
  return
}
