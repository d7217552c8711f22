#map = affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>
module {
  func.func @sparse_scatter_i16(%arg0: memref<?xindex>, %arg1: memref<?xi16>, %arg2: memref<?xi32>, %arg3: memref<?xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %cst = arith.constant dense<0> : vector<[4]xi16>
    %cst_0 = arith.constant dense<0> : vector<[4]xi32>
    %0 = memref.load %arg0[%c0] : memref<?xindex>
    %1 = memref.load %arg0[%c1] : memref<?xindex>
    %vscale = vector.vscale
    %c4_vscale = arith.muli %vscale, %c4 : index
    scf.for %arg4 = %0 to %1 step %c4_vscale {
      %2 = affine.min #map(%1, %arg4)[%c4_vscale]
      %3 = vector.create_mask %2 : vector<[4]xi1>
      %4 = vector.maskedload %arg1[%arg4], %3, %cst : memref<?xi16>, vector<[4]xi1>, vector<[4]xi16> into vector<[4]xi16>
      %5 = arith.extui %4 : vector<[4]xi16> to vector<[4]xi32>
      %6 = vector.maskedload %arg2[%arg4], %3, %cst_0 : memref<?xi32>, vector<[4]xi1>, vector<[4]xi32> into vector<[4]xi32>
      vector.scatter %arg3[%c0] [%5], %3, %6 : memref<?xi32>, vector<[4]xi32>, vector<[4]xi1>, vector<[4]xi32>
    } {"Emitted from" = "linalg.generic"}
    return
  }
}
