// Float casts: x(i) = extf(a(i)) * extf(truncf(b(i))).
func.func @cast_float(%a: memref<?xf32>, %b: memref<?xf64>, %x: memref<?xf64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.extf %0 : f32 to f64
    %2 = memref.load %b[%i] : memref<?xf64>
    %3 = arith.truncf %2 : f64 to f32
    %4 = arith.extf %3 : f32 to f64
    %5 = arith.mulf %1, %4 : f64
    memref.store %5, %x[%i] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
