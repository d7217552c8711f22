#map = affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>
module {
  func.func @red_add_f32(%arg0: memref<?xf32>, %arg1: f32, %arg2: index) -> f32 {
    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant dense<0.000000e+00> : vector<[8]xf32>
    %vscale = vector.vscale
    %c8_vscale = arith.muli %vscale, %c8 : index
    %0 = vector.insert %arg1, %cst [0] : f32 into vector<[8]xf32>
    %1 = scf.for %arg3 = %c0 to %arg2 step %c8_vscale iter_args(%arg4 = %0) -> (vector<[8]xf32>) {
      %3 = affine.min #map(%arg2, %arg3)[%c8_vscale]
      %4 = vector.create_mask %3 : vector<[8]xi1>
      %5 = vector.maskedload %arg0[%arg3], %4, %cst : memref<?xf32>, vector<[8]xi1>, vector<[8]xf32> into vector<[8]xf32>
      %6 = arith.addf %arg4, %5 : vector<[8]xf32>
      %7 = arith.select %4, %6, %arg4 : vector<[8]xi1>, vector<[8]xf32>
      scf.yield %7 : vector<[8]xf32>
    } {"Emitted from" = "linalg.generic"}
    %2 = vector.reduction <add>, %1 : vector<[8]xf32> into f32
    return %2 : f32
  }
}
