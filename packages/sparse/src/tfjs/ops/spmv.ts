/** The `spmv` op: sparse matrix x dense vector. */
import { op, type Tensor } from '@tensorflow/tfjs-core';
import { SparseSpmv } from '../kernel-names.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { rowMajorMatrix } from '../webgpu/device-forms.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/**
 * `y(i) = A(i,j) * x(j)` with `A` sparse (any rank-2 format) on the active backend.
 *
 * @param A The sparse matrix (a {@link TfSparseTensor}, or a host `SparseTensor` uploaded for the call).
 * @param x The dense vector, float32 or int32 like `A`'s values.
 * @param options Host engine and vectorizer options (cpu and wasm backends).
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function spmv_(A: SparseArgument, x: Tensor, options?: SparseOpOptions): Tensor {
  requireSparse(A, 2, 'A');
  return runFixedKernel('spmv', SparseSpmv, { A: rowMajorMatrix(A), x }, ['A'], options);
}

export const spmv = op({ spmv_ });
