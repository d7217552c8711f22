/** The `sparseMul` op: a sparse tensor times a dense one, at the sparse tensor's stored entries. */
import * as tf from '@tensorflow/tfjs-core';
import { rowMajorStrides } from '@tilekit/errors';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/index.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';
import { type DenseArgument, partnerDtype } from './dense-argument.js';
import { entryCoordinates } from './entry-coordinates.js';
import {
  assembledResult,
  assembleOnHost,
  elementwiseIndices,
  hostOperand,
  requireMatching,
} from './host-assembled.js';
import { denseOperand, residentSparse } from './pattern-operands.js';
import { productTerms, termContribution, withEveryTerm } from './product-terms.js';
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
 * `A ⊙ B` of two sparse tensors of one shape and dtype: the intersection of their patterns in
 * `A`'s format, assembled on the host (see host-assembled.ts); with a `TfSparseTensor` operand
 * the values are the products computed on the backend, so gradients reach both.
 */
function sparseProduct(A: SparseArgument, B: SparseArgument): TfSparseTensor {
  const left = hostOperand('sparseMul', A, 'A');
  const right = hostOperand('sparseMul', B, 'B');
  requireMatching(left, right);
  const indices = elementwiseIndices(left.rank);
  const result = assembleOnHost(
    `C(${indices}) = A(${indices}) * B(${indices})`,
    { A: left, B: right },
    left.format,
  );
  if (!(A instanceof TfSparseTensor || B instanceof TfSparseTensor)) return assembledResult(result);
  const [a, b] = [residentSparse(A, 'A'), residentSparse(B, 'B')];
  const dims = left.shape.map((_, d) => d);
  const terms = productTerms(
    a,
    b,
    dims,
    dims,
    dims.map((d) => ['A', d] as const),
  );
  return assembledResult(
    withEveryTerm(result, terms),
    (lookup) => [termContribution(lookup, terms, a, b)],
    { A, B },
  );
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
 * A sparse `B` (of `A`'s shape and dtype) gives the intersection of the two patterns in `A`'s
 * format, assembled on the host like `sparseAdd`: host `SparseTensor`s on any backend,
 * `TfSparseTensor`s on cpu and wasm (differentiable with respect to both values).
 *
 * @param A The sparse tensor (a `TfSparseTensor`, or a host `SparseTensor` uploaded for the call).
 * @param B A tensor of `A`'s value dtype, or numbers (converted to it), or a sparse tensor.
 * @returns A new `TfSparseTensor` (its own tensors: dispose it independently of `A`).
 * @throws SparseFormatError naming `A`, SparsifyError naming `B` (dtype, shape, not numbers) or
 *   the sparse operand that is a `TfSparseTensor` on a GPU backend (on webgpu,
 *   `sparseMulAsync` takes it).
 */
function sparseMul_(A: SparseArgument, B: DenseArgument | SparseArgument): TfSparseTensor {
  if (B instanceof TfSparseTensor || B instanceof SparseTensor) return sparseProduct(A, B);
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
