/**
 * `@tilekit/sparse/tfjs`: sparse ops as tfjs kernels on the cpu, wasm, webgl and webgpu
 * backends. Side-effect free: import `@tilekit/sparse/tfjs/register-<backend>` once to register
 * the kernels (and gradients) of a backend. Imports `@tensorflow/tfjs-core`; the package's main
 * entry never does.
 */

export { SPARSE_TFJS_CONFORMANCE_EXCLUSIONS } from './conformance-exclusions.js';
export {
  type TfjsConformanceImplOptions,
  tfjsSparseConformanceImpl,
} from './conformance-impl.js';
export { sparseTensorFromTensor, tensorFromSparse } from './convert.js';
export { sparseCpuKernelConfigs } from './cpu/kernels.js';
export { SparseGradientError, sparseGradConfigs } from './gradients/index.js';
export * from './kernel-names.js';
export {
  type HostRouteCause,
  type HostRouteRecord,
  lastSparseKernelRun,
  type SparseKernelRun,
} from './kernel-path.js';
export type { DenseArgument } from './ops/dense-argument.js';
export { DEFAULT_OP_OPTIONS } from './ops/run-sparse-kernel.js';
export { sddmm } from './ops/sddmm.js';
export { sparseAdd } from './ops/sparse-add.js';
export type { SparseArgument, SparseOperand } from './ops/sparse-argument.js';
export { sparseConvert } from './ops/sparse-convert.js';
export { sparseDiagScale } from './ops/sparse-diag-scale.js';
export { sparseDot } from './ops/sparse-dot.js';
export { sparseMatMul } from './ops/sparse-mat-mul.js';
export { sparseMul } from './ops/sparse-mul.js';
export { type SparseOp, sparseOp } from './ops/sparse-op.js';
export {
  sparseAddAsync,
  sparseMatMulAsync,
  sparseMulAsync,
} from './ops/sparse-results-async.js';
export {
  sparseAddOnPattern,
  sparseMatMulOnPattern,
  sparseMulOnPattern,
} from './ops/sparse-results-on-pattern.js';
export { sparseWithValues } from './ops/sparse-with-values.js';
export { spmm } from './ops/spmm.js';
export { spmv } from './ops/spmv.js';
export { sparseToDense } from './ops/to-dense.js';
export { SPARSE_REGISTER_ENTRIES } from './register-entries.js';
export type { SparseOpOptions } from './sparse-op-key.js';
export {
  type TfSparseDType,
  type TfSparseSource,
  type TfSparseStorage,
  TfSparseTensor,
} from './sparse-tensor-tf.js';
export { sparseWasmKernelConfigs } from './wasm/kernels.js';
export { sparseWebglKernelConfigs } from './webgl/all-ops.js';
export { sparseWebgpuKernelConfigs } from './webgpu/all-ops.js';
