#map = affine_map<(d0, d1)[s0] -> (8, d0 - d1)>
module {
  func.func @chain_add_add(%arg0: memref<?xf32>, %arg1: memref<?xf32>, %arg2: f32, %arg3: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant dense<0.000000e+00> : vector<8xf32>
    %0 = vector.insert %arg2, %cst [0] : f32 into vector<8xf32>
    %1 = scf.for %arg4 = %c0 to %arg3 step %c8 iter_args(%arg5 = %0) -> (vector<8xf32>) {
      %4 = affine.min #map(%arg3, %arg4)[%c8]
      %5 = vector.create_mask %4 : vector<8xi1>
      %6 = vector.maskedload %arg0[%arg4], %5, %cst : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
      %7 = arith.addf %arg5, %6 : vector<8xf32>
      %8 = arith.select %5, %7, %arg5 : vector<8xi1>, vector<8xf32>
      scf.yield %8 : vector<8xf32>
    } {"Emitted from" = "linalg.generic"}
    %2 = scf.for %arg4 = %c0 to %arg3 step %c8 iter_args(%arg5 = %1) -> (vector<8xf32>) {
      %4 = affine.min #map(%arg3, %arg4)[%c8]
      %5 = vector.create_mask %4 : vector<8xi1>
      %6 = vector.maskedload %arg1[%arg4], %5, %cst : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
      %7 = arith.addf %arg5, %6 : vector<8xf32>
      %8 = arith.select %5, %7, %arg5 : vector<8xi1>, vector<8xf32>
      scf.yield %8 : vector<8xf32>
    } {"Emitted from" = "linalg.generic"}
    %3 = vector.reduction <add>, %2 : vector<8xf32> into f32
    return %3 : f32
  }
}
