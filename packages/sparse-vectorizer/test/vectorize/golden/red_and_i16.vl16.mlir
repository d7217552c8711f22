#map = affine_map<(d0, d1)[s0] -> (16, d0 - d1)>
module {
  func.func @red_and_i16(%arg0: memref<?xi16>, %arg1: i16, %arg2: index) -> i16 {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %cst = arith.constant dense<0> : vector<16xi16>
    %0 = vector.broadcast %arg1 : i16 to vector<16xi16>
    %1 = scf.for %arg3 = %c0 to %arg2 step %c16 iter_args(%arg4 = %0) -> (vector<16xi16>) {
      %3 = affine.min #map(%arg2, %arg3)[%c16]
      %4 = vector.create_mask %3 : vector<16xi1>
      %5 = vector.maskedload %arg0[%arg3], %4, %cst : memref<?xi16>, vector<16xi1>, vector<16xi16> into vector<16xi16>
      %6 = arith.andi %5, %arg4 : vector<16xi16>
      %7 = arith.select %4, %6, %arg4 : vector<16xi1>, vector<16xi16>
      scf.yield %7 : vector<16xi16>
    } {"Emitted from" = "linalg.generic"}
    %2 = vector.reduction <and>, %1 : vector<16xi16> into i16
    return %2 : i16
  }
}
