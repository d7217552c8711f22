// Dense scale x(i) = a(i) * s with a symbolic trip count: masked loads/stores.
func.func @dense_scale_f32(%a: memref<?xf32>, %x: memref<?xf32>, %s: f32, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.mulf %0, %s : f32
    memref.store %1, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
