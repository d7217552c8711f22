// Fix 2: an outer loop whose body runs an inner loop and then ends in a vectorizable
// store. MLIR vectorizes the outer loop, so the inner loop (and its store to z) only runs
// for every vl-th row. We leave the outer loop scalar; the inner max loop is scalar anyway.
func.func @fix2_nested_loop_then_store(%A: memref<?x?xf32>, %a: memref<?xf32>, %x: memref<?xf32>, %z: memref<?xf32>, %m: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %ninf = arith.constant -1.000000e+30 : f32
  scf.for %i = %c0 to %m step %c1 {
    %mx = scf.for %j = %c0 to %n step %c1 iter_args(%acc = %ninf) -> (f32) {
      %0 = memref.load %A[%i, %j] : memref<?x?xf32>
      %1 = arith.maxnumf %acc, %0 : f32
      scf.yield %1 : f32
    } {"Emitted from" = "linalg.generic"}
    memref.store %mx, %z[%i] : memref<?xf32>
    %2 = memref.load %a[%i] : memref<?xf32>
    memref.store %2, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
