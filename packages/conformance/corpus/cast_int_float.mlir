// Int <-> float casts: sitofp, uitofp, fptosi, fptoui.
func.func @cast_int_float(%a: memref<?xi32>, %b: memref<?xf32>, %x: memref<?xf32>, %y: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = arith.sitofp %0 : i32 to f32
    %2 = arith.uitofp %0 : i32 to f32
    %3 = arith.addf %1, %2 : f32
    memref.store %3, %x[%i] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %b[%i] : memref<?xf32>
    %1 = math.absf %0 : f32
    %2 = arith.fptosi %0 : f32 to i32
    %3 = arith.fptoui %1 : f32 to i32
    %4 = arith.addi %2, %3 : i32
    memref.store %4, %y[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
