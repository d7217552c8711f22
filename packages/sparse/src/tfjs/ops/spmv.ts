/** The `spmv` op: sparse matrix x dense vector. */
import { op, type Tensor1D } from '@tensorflow/tfjs-core';
import { SparseSpmv } from '../kernel-names.js';
import { usePreparedKernels } from '../prepared/prepared-kernel.js';
import { SPMV_KERNELS } from '../prepared/spmv.generated.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { blockProduct, isBlockMatrix } from './block-route.js';
import { type DenseArgument, denseTensor, partnerDtype } from './dense-argument.js';
import { rowMajorMatrix } from './device-form-hook.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/**
 * `y(i) = A(i,j) * x(j)` with `A` sparse (any rank-2 format) on the active backend. A host
 * `SparseTensor` in a block (BSR) or structured (n:m) format runs the compiled level-space kernel
 * (import `@tilekit/sparse/tfjs/compiler` once).
 *
 * @param A The sparse matrix (a {@link TfSparseTensor}, or a host `SparseTensor` uploaded for the call).
 * @param x The dense vector: a tensor (float32 or int32 like `A`'s values) or numbers, converted
 *   to `A`'s dtype as tfjs ops convert arrays.
 * @param options Host engine and vectorizer options (cpu and wasm backends).
 * @returns `y`, of `A`'s row count.
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function spmv_(A: SparseArgument, x: DenseArgument, options?: SparseOpOptions): Tensor1D {
  requireSparse(A, 2, 'A', true);
  const dense = denseTensor(x, 'x', partnerDtype(A));
  if (isBlockMatrix(A)) return blockProduct('spmv', SparseSpmv, A, 'x', dense, options) as Tensor1D;
  usePreparedKernels(SPMV_KERNELS);
  return runFixedKernel(
    'spmv',
    SparseSpmv,
    { A: rowMajorMatrix(A), x: dense },
    ['A'],
    options,
  ) as Tensor1D;
}

export const spmv = op({ spmv_ });
