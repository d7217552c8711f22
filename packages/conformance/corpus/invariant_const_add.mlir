// x(i) = a(i) + 1.0 with an i32 twin: broadcasts of constants fold to splat constants.
func.func @invariant_const_add(%a: memref<?xf32>, %x: memref<?xf32>, %b: memref<?xi32>, %y: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1.000000e+00 : f32
  %seven = arith.constant 7 : i32
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.addf %0, %one : f32
    memref.store %1, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %b[%i] : memref<?xi32>
    %1 = arith.muli %0, %seven : i32
    memref.store %1, %y[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
