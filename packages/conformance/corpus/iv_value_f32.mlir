// The induction variable inside arithmetic: x(i) = a(i) * float(i), constant trip count.
func.func @iv_value_f32(%a: memref<?xf32>, %x: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c48 = arith.constant 48 : index
  scf.for %i = %c0 to %c48 step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    %1 = arith.index_cast %i : index to i32
    %2 = arith.sitofp %1 : i32 to f32
    %3 = arith.mulf %0, %2 : f32
    memref.store %3, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
