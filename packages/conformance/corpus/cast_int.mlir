// Integer casts: extsi, extui, trunci, index_cast and bitcast in one expression.
func.func @cast_int(%a: memref<?xi32>, %b: memref<?xi16>, %x: memref<?xi64>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %0 = memref.load %a[%i] : memref<?xi32>
    %1 = arith.extsi %0 : i32 to i64
    %2 = memref.load %b[%i] : memref<?xi16>
    %3 = arith.extui %2 : i16 to i64
    %4 = arith.trunci %0 : i32 to i16
    %5 = arith.index_cast %4 : i16 to index
    %6 = arith.index_cast %5 : index to i64
    %7 = arith.bitcast %6 : i64 to f64
    %8 = arith.bitcast %7 : f64 to i64
    %9 = arith.addi %1, %3 : i64
    %10 = arith.xori %9, %8 : i64
    memref.store %10, %x[%i] : memref<?xi64>
  } {"Emitted from" = "linalg.generic"}
  return
}
