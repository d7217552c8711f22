/** mathjs `SparseMatrix`es built from our tensors, for the benchmarks' mathjs baselines. */
import * as math from 'mathjs';
import type { SparseTensor } from '../src/index.js';

/**
 * A mathjs SparseMatrix (CSC) holding the matrix `t`: without a datatype, as `math.sparse`
 * builds it, or with `datatype: 'number'`, mathjs' fastest element operations.
 */
export function mathjsMatrix(t: SparseTensor, datatype?: 'number'): math.Matrix {
  const csc = t.convert('CSC');
  // mathjs' typings omit the SparseMatrix constructor it exports at run time.
  const SparseMatrix = (math as unknown as { SparseMatrix: new (data: object) => math.Matrix })
    .SparseMatrix;
  return new SparseMatrix({
    values: Array.from(csc.values as Float64Array),
    index: Array.from(csc.coordinates[1] as Uint32Array),
    ptr: Array.from(csc.positions[1] as Uint32Array),
    size: [...t.shape],
    ...(datatype === undefined ? {} : { datatype }),
  });
}
