// Integer binary table: and, or, xor, udiv and sdiv by a divisor forced odd and small.
func.func @dense_int_bitwise(%a: memref<?xi32>, %b: memref<?xi32>, %x: memref<?xi32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %one = arith.constant 1 : i32
  %mask = arith.constant 255 : i32
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = memref.load %b[%i] : memref<?xi32>
    %2 = arith.andi %0, %1 : i32
    %3 = arith.xori %0, %1 : i32
    %4 = arith.ori %2, %3 : i32
    %5 = arith.andi %1, %mask : i32
    %6 = arith.ori %5, %one : i32
    %7 = arith.divui %4, %6 : i32
    %8 = arith.divsi %0, %6 : i32
    %9 = arith.muli %7, %8 : i32
    memref.store %9, %x[%i] : memref<?xi32>
  } {"Emitted from" = "linalg.generic"}
  return
}
