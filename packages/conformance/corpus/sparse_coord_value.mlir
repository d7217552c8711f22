// A coordinate used as a value: out(ii) = float(crd(ii)) + vals(ii).
func.func @sparse_coord_value(%pos: memref<?xindex>, %crd: memref<?xi32>, %vals: memref<?xf32>, %out: memref<?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xi32>
    %1 = arith.uitofp %0 : i32 to f32
    %2 = memref.load %vals[%ii] : memref<?xf32>
    %3 = arith.addf %1, %2 : f32
    memref.store %3, %out[%ii] : memref<?xf32>
  } {"Emitted from" = "linalg.generic"}
  return
}
