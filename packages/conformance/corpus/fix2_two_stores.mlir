// Fix 2: two stores in one loop. MLIR vectorizes only the final store and leaves the first
// one scalar under the new step of vl, so x(i) is written only for every vl-th i.
// We leave the loop scalar because the first store does not feed the final store.
func.func @fix2_two_stores(%a: memref<?xf32>, %b: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xf32>
    memref.store %0, %x[%i] : memref<?xf32>
    %1 = memref.load %b[%i] : memref<?xf32>
    %2 = arith.addf %1, %1 : f32
    memref.store %2, %y[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
