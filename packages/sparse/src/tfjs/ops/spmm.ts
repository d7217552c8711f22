/**
 * The `spmm` op: sparse matrix x dense matrix, batched as `tf.matMul` users expect: a batch of
 * dense matrices `[b, k, n]` against one sparse matrix, or a batch of sparse matrices (an array)
 * against one dense matrix or a batch of them.
 */
import { op, reshape, type Tensor, type Tensor2D, type Tensor3D } from '@tensorflow/tfjs-core';
import { SparsifyError } from '../../sparsify/index.js';
import { slice3d, stacked, transposed } from '../direct-kernels.js';
import { SparseSpmm } from '../kernel-names.js';
import { usePreparedKernels } from '../prepared/prepared-kernel.js';
import { SPMM_KERNELS } from '../prepared/spmm.generated.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { blockProduct, isBlockMatrix } from './block-route.js';
import { type DenseArgument, denseTensor, partnerDtype } from './dense-argument.js';
import { rowMajorMatrix } from './device-form-hook.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/** `A B` for one sparse matrix and one dense matrix (the kernel checks the extents). */
function matrixProduct(A: SparseArgument, B: Tensor, options?: SparseOpOptions): Tensor2D {
  if (isBlockMatrix(A)) return blockProduct('spmm', SparseSpmm, A, 'B', B, options) as Tensor2D;
  usePreparedKernels(SPMM_KERNELS);
  return runFixedKernel(
    'spmm',
    SparseSpmm,
    { A: rowMajorMatrix(A), B },
    ['A'],
    options,
  ) as Tensor2D;
}

/**
 * One sparse `[m, k]` times a dense batch `[b, k, n]`: the batch folded into the columns
 * (`[k, b*n]`), one kernel call, unfolded (`[b, m, n]`); tfjs's transpose and reshape carry the
 * gradients.
 */
function denseBatchProduct(A: SparseArgument, B: Tensor, options?: SparseOpOptions): Tensor3D {
  const [batch, k, n] = B.shape as [number, number, number];
  const m = A.shape[0] as number;
  if (k !== A.shape[1])
    throw new SparsifyError(
      'B',
      `expected [batch, ${A.shape[1]}, n] (B's middle extent must equal A's column count), got [${B.shape.join(', ')}]`,
    );
  const columns = reshape(transposed(B, [1, 0, 2]), [k, batch * n]);
  const product = matrixProduct(A, columns, options);
  return transposed(reshape(product, [m, batch, n]), [1, 0, 2]);
}

/** Sparse matrices one batched call may take (each is its own kernel call). */
const MAX_BATCH = 65536;

/** Checks a batch of sparse matrices: at least one, each rank 2, all of one shape. */
function sparseBatch(As: readonly unknown[]): readonly SparseArgument[] {
  if (As.length === 0)
    throw new SparsifyError('A', 'expected at least one sparse matrix in the batch');
  // Checked before the walk: a holey array of 2^32 - 1 would take minutes to visit.
  if (As.length > MAX_BATCH)
    throw new SparsifyError(
      'A',
      `expected at most ${MAX_BATCH} sparse matrices in the batch, got ${As.length}`,
    );
  As.forEach((Ai, i) => {
    requireSparse(Ai, 2, `A[${i}]`, true);
  });
  const matrices = As as readonly SparseArgument[];
  const shape = (matrices[0] as SparseArgument).shape;
  matrices.forEach((Ai, i) => {
    if (Ai.shape[0] !== shape[0] || Ai.shape[1] !== shape[1])
      throw new SparsifyError(
        `A[${i}]`,
        `every matrix of the batch must have A[0]'s shape [${shape.join(', ')}], got [${Ai.shape.join(', ')}]`,
      );
  });
  return matrices;
}

/** A batch of sparse matrices (same shape) times one dense matrix or a batch of them. */
function sparseBatchProduct(
  matrices: readonly SparseArgument[],
  B: Tensor,
  options?: SparseOpOptions,
): Tensor3D {
  const shape = (matrices[0] as SparseArgument).shape;
  if (B.rank === 2) return stacked(matrices.map((Ai) => matrixProduct(Ai, B, options)));
  if (B.rank !== 3 || B.shape[0] !== matrices.length)
    throw new SparsifyError(
      'B',
      `expected [${shape[1]}, n] or [${matrices.length}, ${shape[1]}, n] (one matrix per sparse matrix), got [${B.shape.join(', ')}]`,
    );
  // Slices rather than unstack: tfjs's Unpack gradient fails on a batch of one.
  const [, k, n] = B.shape as [number, number, number];
  return stacked(
    matrices.map((Ai, i) =>
      matrixProduct(Ai, reshape(slice3d(B, [i, 0, 0], [1, k, n]), [k, n]), options),
    ),
  );
}

/**
 * `C(i,k) = A(i,j) * B(j,k)` with `A` sparse (any rank-2 format) on the active backend. A host
 * `SparseTensor` in a block (BSR) or structured (n:m) format runs the compiled level-space kernel
 * (import `@tilekit/sparse/tfjs/compiler` once; see block-route.ts).
 *
 * Batched like `tf.matMul`: a dense `B` of shape `[b, k, n]` with one sparse `A` gives
 * `[b, m, n]` (every batch entry times `A`); an array of `b` sparse matrices (one shape) with a
 * `[k, n]` `B` (shared) or a `[b, k, n]` `B` (one each) gives `[b, m, n]`.
 *
 * @param A The sparse matrix, or an array of them.
 * @param B The dense matrix or batch: a tensor (float32 or int32 like `A`'s values) or numbers,
 *   converted to `A`'s dtype.
 * @param options Host engine and vectorizer options (cpu and wasm backends).
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function spmm_(A: SparseArgument, B: Tensor2D | number[][], options?: SparseOpOptions): Tensor2D;
function spmm_(
  A: SparseArgument | readonly SparseArgument[],
  B: Tensor3D | number[][][],
  options?: SparseOpOptions,
): Tensor3D;
function spmm_(
  A: readonly SparseArgument[],
  B: Tensor2D | number[][],
  options?: SparseOpOptions,
): Tensor3D;
function spmm_(
  A: SparseArgument | readonly SparseArgument[],
  B: DenseArgument,
  options?: SparseOpOptions,
): Tensor2D | Tensor3D;
function spmm_(
  A: SparseArgument | readonly SparseArgument[],
  B: DenseArgument,
  options?: SparseOpOptions,
): Tensor2D | Tensor3D {
  if (Array.isArray(A)) {
    const matrices = sparseBatch(A);
    return sparseBatchProduct(
      matrices,
      denseTensor(B, 'B', partnerDtype(matrices[0] as SparseArgument)),
      options,
    );
  }
  requireSparse(A, 2, 'A', true);
  const dense = denseTensor(B, 'B', partnerDtype(A as SparseArgument));
  return dense.rank === 3
    ? denseBatchProduct(A as SparseArgument, dense, options)
    : matrixProduct(A as SparseArgument, dense, options);
}

export const spmm = op({ spmm_ });
