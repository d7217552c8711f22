// Elementwise x(i) = a(i) - b(i) over a constant trip count of 37, which no vector
// length divides: the mask comes from affine.min + vector.create_mask.
func.func @dense_sub_i32_nondivisible(%a: memref<?xi32>, %b: memref<?xi32>, %x: memref<?xi32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c37 = arith.constant 37 : index
  scf.for %i = %c0 to %c37 step %c1 {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = memref.load %b[%i] : memref<?xi32>
    %2 = arith.subi %0, %1 : i32
    memref.store %2, %x[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
