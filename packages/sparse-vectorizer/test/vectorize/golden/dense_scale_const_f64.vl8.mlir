module {
  func.func @dense_scale_const_f64(%arg0: memref<?xf64>, %arg1: memref<?xf64>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant dense<2.500000e+00> : vector<8xf64>
    scf.for %arg2 = %c0 to %c64 step %c8 {
      %0 = vector.load %arg0[%arg2] : memref<?xf64>, vector<8xf64>
      %1 = arith.mulf %0, %cst : vector<8xf64>
      vector.store %1, %arg1[%arg2] : memref<?xf64>, vector<8xf64>
    } {"Emitted from" = "linalg.generic"}
    return
  }
}
