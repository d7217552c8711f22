// x(i) = |a(i)| on i16 (math.absi).
func.func @absi_i16(%a: memref<?xi16>, %x: memref<?xi16>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi16>
    %1 = math.absi %0 : i16
    memref.store %1, %x[%i] : memref<?xi16>
  } {"Emitted from" = "linalg.generic"}
  return
}
