// Scatter through index coordinates; the value stored is the coordinate-indexed gather
// of another vector (gather and scatter in one loop).
func.func @sparse_scatter_index(%pos: memref<?xindex>, %crd: memref<?xindex>, %vals: memref<?xf64>, %d: memref<?xf64>, %y: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %lo = memref.load %pos[%c0] : memref<?xindex>
  %hi = memref.load %pos[%c1] : memref<?xindex>
  scf.for %ii = %lo to %hi step %c1 {
    %0 = memref.load %crd[%ii] : memref<?xindex>
    %1 = memref.load %vals[%ii] : memref<?xf64>
    %2 = memref.load %d[%0] : memref<?xf64>
    %3 = arith.subf %2, %1 : f64
    memref.store %3, %y[%0] : memref<?xf64>
  } {"Emitted from" = "linalg.generic"}
  return
}
