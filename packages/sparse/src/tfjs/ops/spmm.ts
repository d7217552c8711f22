/** The `spmm` op: sparse matrix x dense matrix. */
import { op, type Tensor } from '@tensorflow/tfjs-core';
import { SparseSpmm } from '../kernel-names.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { rowMajorMatrix } from '../webgpu/device-forms.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/**
 * `C(i,k) = A(i,j) * B(j,k)` with `A` sparse (any rank-2 format) on the active backend.
 *
 * @param A The sparse matrix.
 * @param B The dense matrix, float32 or int32 like `A`'s values.
 * @param options Host engine and vectorizer options (cpu and wasm backends).
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function spmm_(A: SparseArgument, B: Tensor, options?: SparseOpOptions): Tensor {
  requireSparse(A, 2, 'A');
  return runFixedKernel('spmm', SparseSpmm, { A: rowMajorMatrix(A), B }, ['A'], options);
}

export const spmm = op({ spmm_ });
