#map = affine_map<(d0, d1)[s0] -> (8, d0 - d1)>
module {
  func.func @spmv_csr_f32(%arg0: memref<?xindex>, %arg1: memref<?xindex>, %arg2: memref<?xf32>, %arg3: memref<?xf32>, %arg4: memref<?xf32>, %arg5: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %cst = arith.constant dense<0.000000e+00> : vector<8xf32>
    %cst_0 = arith.constant dense<0> : vector<8xindex>
    scf.for %arg6 = %c0 to %arg5 step %c1 {
      %0 = memref.load %arg4[%arg6] : memref<?xf32>
      %1 = memref.load %arg0[%arg6] : memref<?xindex>
      %2 = arith.addi %arg6, %c1 : index
      %3 = memref.load %arg0[%2] : memref<?xindex>
      %4 = vector.insert %0, %cst [0] : f32 into vector<8xf32>
      %5 = scf.for %arg7 = %1 to %3 step %c8 iter_args(%arg8 = %4) -> (vector<8xf32>) {
        %7 = affine.min #map(%3, %arg7)[%c8]
        %8 = vector.create_mask %7 : vector<8xi1>
        %9 = vector.maskedload %arg2[%arg7], %8, %cst : memref<?xf32>, vector<8xi1>, vector<8xf32> into vector<8xf32>
        %10 = vector.maskedload %arg1[%arg7], %8, %cst_0 : memref<?xindex>, vector<8xi1>, vector<8xindex> into vector<8xindex>
        %11 = vector.gather %arg3[%c0] [%10], %8, %cst : memref<?xf32>, vector<8xindex>, vector<8xi1>, vector<8xf32> into vector<8xf32>
        %12 = arith.mulf %9, %11 : vector<8xf32>
        %13 = arith.addf %arg8, %12 : vector<8xf32>
        %14 = arith.select %8, %13, %arg8 : vector<8xi1>, vector<8xf32>
        scf.yield %14 : vector<8xf32>
      } {"Emitted from" = "linalg.generic"}
      %6 = vector.reduction <add>, %5 : vector<8xf32> into f32
      memref.store %6, %arg4[%arg6] : memref<?xf32>
    } {"Emitted from" = "linalg.generic"}
    return
  }
}
