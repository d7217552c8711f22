// Fix 2: a reduction loop that also stores. MLIR rebuilds the loop from the reduction
// alone and silently drops the store. We leave the loop scalar.
func.func @fix2_reduction_with_store(%a: memref<?xi32>, %x: memref<?xi32>, %init: i32, %n: index) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %init) -> (i32) {
    %0 = memref.load %a[%i] : memref<?xi32>
    memref.store %0, %x[%i] : memref<?xi32>
    %1 = arith.addi %acc, %0 : i32
    scf.yield %1 : i32
  } {"Emitted from" = "linalg.generic"}
  return %r : i32
}
