// Left scalar: the shift amount b(i) varies per lane; only invariant shift amounts vectorize.
func.func @scalar_shift_variant(%a: memref<?xi32>, %b: memref<?xi32>, %x: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = memref.load %b[%i] : memref<?xi32>
    %2 = arith.shli %0, %1 : i32
    memref.store %2, %x[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
