// x(i) = a(i) / b(i) for i in [3, 35): the trip count 32 is divisible by 4, 8 and 16
// although the lower bound is not zero.
func.func @dense_div_offset_bounds(%a: memref<?xf32>, %b: memref<?xf32>, %x: memref<?xf32>) {
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %c35 = arith.constant 35 : index
  scf.for %i = %c3 to %c35 step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = memref.load %b[%i] : memref<?xf32>
    %2 = arith.divf %0, %1 : f32
    memref.store %2, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
