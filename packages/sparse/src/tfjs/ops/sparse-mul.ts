/** The `sparseMul` op: a sparse tensor times a dense one, at the sparse tensor's stored entries. */
import * as tf from '@tensorflow/tfjs-core';
import { rowMajorStrides } from '@tilekit/errors';
import { SparsifyError } from '../../sparsify/index.js';
import type { TfSparseTensor } from '../sparse-tensor-tf.js';
import { type DenseArgument, partnerDtype } from './dense-argument.js';
import { entryCoordinates } from './entry-coordinates.js';
import { denseOperand, residentSparse } from './pattern-operands.js';
import { type EntryFactor, sampledProduct } from './sampled-product.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * The element of `B` (broadcast to `A`'s shape, aligned on the trailing dimensions) that each
 * stored entry of `A` reads, as a row-major index into `B`.
 */
function broadcastFactor(A: TfSparseTensor, B: tf.Tensor): EntryFactor {
  if (B.size === 1) return { tensor: B };
  const offset = A.rank - B.rank;
  const strides = rowMajorStrides(B.shape);
  const coordinates = entryCoordinates(A);
  let indices: tf.Tensor1D = tf.zeros([A.nnz], 'int32');
  B.shape.forEach((extent, j) => {
    if (extent === 1) return;
    const stride = tf.scalar(strides[j] as number, 'int32');
    indices = tf.add(indices, tf.mul(coordinates[offset + j] as tf.Tensor1D, stride));
  });
  return { tensor: B, indices };
}

/**
 * `C = A ⊙ B` at `A`'s stored entries: a sparse tensor with `A`'s pattern whose values are each
 * stored entry's value times the element of `B` at its coordinates. `B` broadcasts to `A`'s
 * shape as in `tf.mul` (aligned on the trailing dimensions, each extent `A`'s or 1, rank at most
 * `A`'s): a number scales `A`, a `[1, n]` row scales its columns, an `[m, 1]` column its rows,
 * an `[m, n]` tensor multiplies element-wise (a sampled product: `B`'s other elements are never
 * read). Runs on the active backend over the stored entries only (gathers and products on the
 * values tensor; no read-back on the GPU backends) and is differentiable with respect to `B`
 * and `A`'s values (through `A.withValues(v)` or {@link sparseWithValues}).
 *
 * @param A The sparse tensor (a `TfSparseTensor`, or a host `SparseTensor` uploaded for the call).
 * @param B A tensor of `A`'s value dtype, or numbers (converted to it).
 * @returns A new `TfSparseTensor` (its own tensors: dispose it independently of `A`).
 * @throws SparseFormatError naming `A`, SparsifyError naming `B` (dtype, shape, not numbers).
 */
function sparseMul_(A: SparseArgument, B: DenseArgument): TfSparseTensor {
  const sparse = residentSparse(A, 'A');
  const dense = denseOperand(B, 'B', partnerDtype(sparse));
  const offset = sparse.rank - dense.rank;
  if (offset < 0 || dense.shape.some((d, j) => d !== 1 && d !== sparse.shape[offset + j]))
    throw new SparsifyError(
      'B',
      `expected a shape that broadcasts to A's [${sparse.shape.join(', ')}] (rank at most ${sparse.rank}, each extent A's trailing extent or 1), got [${dense.shape.join(', ')}]`,
    );
  return sparse.withValues(sampledProduct(sparse.values, [broadcastFactor(sparse, dense)]));
}

export const sparseMul = tf.op({ sparseMul_ });
