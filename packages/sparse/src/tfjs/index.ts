/**
 * `@tilekit/sparse/tfjs`: sparse kernels as tfjs ops (registered on the `cpu`
 * backend). Imports `@tensorflow/tfjs-core`; the main entry never does.
 */
export { sparseTensorFromTensor, tensorFromSparse } from './convert.js';

export { DEFAULT_OP_OPTIONS, sddmm, sparseDot, spmm, spmv } from './ops.js';
export {
  type SparseOp,
  type SparseOpOperand,
  type SparseOpOptions,
  sparseOp,
} from './sparse-op.js';
