// Every unary op of the table on f32: absf, sqrt, sin, tanh, floor, ceil, expm1, log1p, negf.
func.func @unary_math_f32(%a: memref<?xf32>, %x: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = math.absf %0 : f32
    %2 = math.sqrt %1 : f32
    %3 = math.sin %2 : f32
    %4 = math.tanh %3 : f32
    %5 = math.floor %0 : f32
    %6 = math.ceil %0 : f32
    %7 = math.expm1 %4 : f32
    %8 = math.log1p %1 : f32
    %9 = arith.negf %8 : f32
    %10 = arith.addf %7, %9 : f32
    %11 = arith.addf %5, %6 : f32
    %12 = arith.mulf %10, %11 : f32
    memref.store %12, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
