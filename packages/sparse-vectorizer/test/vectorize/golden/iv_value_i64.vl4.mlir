#map = affine_map<(d0, d1)[s0] -> (4, d0 - d1)>
module {
  func.func @iv_value_i64(%arg0: memref<?xi64>, %arg1: index) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant dense<[0, 1, 2, 3]> : vector<4xindex>
    scf.for %arg2 = %c0 to %arg1 step %c4 {
      %0 = affine.min #map(%arg1, %arg2)[%c4]
      %1 = vector.create_mask %0 : vector<4xi1>
      %2 = vector.broadcast %arg2 : index to vector<4xindex>
      %3 = arith.addi %2, %cst : vector<4xindex>
      %4 = arith.index_cast %3 : vector<4xindex> to vector<4xi64>
      vector.maskedstore %arg0[%arg2], %1, %4 : memref<?xi64>, vector<4xi1>, vector<4xi64>
    } {"Emitted from" = "linalg.generic"}
    return
  }
}
