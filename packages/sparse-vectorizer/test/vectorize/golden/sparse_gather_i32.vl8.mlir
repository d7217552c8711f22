#map = affine_map<(d0, d1)[s0] -> (8, d0 - d1)>
module {
  func.func @sparse_gather_i32(%arg0: memref<?xindex>, %arg1: memref<?xi32>, %arg2: memref<?xf64>, %arg3: memref<?xf64>, %arg4: memref<?xf64>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant dense<0.000000e+00> : vector<8xf64>
    %cst_0 = arith.constant dense<0> : vector<8xi32>
    %0 = memref.load %arg0[%c0] : memref<?xindex>
    %1 = memref.load %arg0[%c1] : memref<?xindex>
    scf.for %arg5 = %0 to %1 step %c8 {
      %2 = affine.min #map(%1, %arg5)[%c8]
      %3 = vector.create_mask %2 : vector<8xi1>
      %4 = vector.maskedload %arg2[%arg5], %3, %cst : memref<?xf64>, vector<8xi1>, vector<8xf64> into vector<8xf64>
      %5 = vector.maskedload %arg1[%arg5], %3, %cst_0 : memref<?xi32>, vector<8xi1>, vector<8xi32> into vector<8xi32>
      %6 = arith.extui %5 : vector<8xi32> to vector<8xi64>
      %7 = vector.gather %arg3[%c0] [%6], %3, %cst : memref<?xf64>, vector<8xi64>, vector<8xi1>, vector<8xf64> into vector<8xf64>
      %8 = arith.addf %4, %7 : vector<8xf64>
      vector.maskedstore %arg4[%arg5], %3, %8 : memref<?xf64>, vector<8xi1>, vector<8xf64>
    } {"Emitted from" = "linalg.generic"}
    return
  }
}
