#map = affine_map<(d0, d1)[s0] -> (4, d0 - d1)>
module {
  func.func @dense_sub_i32_nondivisible(%arg0: memref<?xi32>, %arg1: memref<?xi32>, %arg2: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c37 = arith.constant 37 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant dense<0> : vector<4xi32>
    scf.for %arg3 = %c0 to %c37 step %c4 {
      %0 = affine.min #map(%c37, %arg3)[%c4]
      %1 = vector.create_mask %0 : vector<4xi1>
      %2 = vector.maskedload %arg0[%arg3], %1, %cst : memref<?xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
      %3 = vector.maskedload %arg1[%arg3], %1, %cst : memref<?xi32>, vector<4xi1>, vector<4xi32> into vector<4xi32>
      %4 = arith.subi %2, %3 : vector<4xi32>
      vector.maskedstore %arg2[%arg3], %1, %4 : memref<?xi32>, vector<4xi1>, vector<4xi32>
    } {"Emitted from" = "linalg.generic"}
    return
  }
}
