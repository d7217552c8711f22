/** The `sparseDiagScale` op: a sparse matrix's rows and columns scaled by dense vectors. */
import * as tf from '@tensorflow/tfjs-core';
import { SparsifyError } from '../../sparsify/index.js';
import type { TfSparseTensor } from '../sparse-tensor-tf.js';
import { type DenseArgument, partnerDtype } from './dense-argument.js';
import { entryCoordinates } from './entry-coordinates.js';
import { denseOperand, residentSparse } from './pattern-operands.js';
import { type EntryFactor, sampledProduct } from './sampled-product.js';
import type { SparseArgument } from './sparse-argument.js';

/** `x` as a vector of `length` elements of `dtype`, or a typed error naming `argument`. */
function scaleVector(
  x: unknown,
  argument: string,
  length: number,
  dtype: TfSparseTensor['dtype'],
): tf.Tensor {
  const t = denseOperand(x, argument, dtype);
  if (t.rank !== 1 || t.size !== length)
    throw new SparsifyError(
      argument,
      `expected a vector of ${length} elements, got shape [${t.shape.join(', ')}]`,
    );
  return t;
}

/**
 * `C = diag(r) · A · diag(c)`: sparse matrix `A` with stored entry `(i, j)` scaled by
 * `r[i] * c[j]`, the pattern unchanged (graph normalizations such as `D^-1/2 A D^-1/2` are
 * `sparseDiagScale(A, d, d)`). Runs on the active backend over the stored entries only (the
 * entries' rows and columns are found from the storage tensors on the device; no read-back) and
 * is differentiable with respect to `r`, `c` and `A`'s values (through `A.withValues(v)`).
 *
 * @param A The sparse matrix (any format; a host `SparseTensor` is uploaded for the call).
 * @param rowScale `r`: `[m]` of `A`'s value dtype (numbers converted to it), or `null` for none.
 * @param columnScale `c`: `[n]` likewise, or `null`/absent for none.
 * @returns A new `TfSparseTensor` (its own tensors: dispose it independently of `A`).
 * @throws SparseFormatError naming `A`, SparsifyError naming `rowScale` or `columnScale`.
 */
function sparseDiagScale_(
  A: SparseArgument,
  rowScale: DenseArgument | null,
  columnScale: DenseArgument | null = null,
): TfSparseTensor {
  const sparse = residentSparse(A, 'A', 2);
  const dtype = partnerDtype(sparse);
  const [m, n] = sparse.shape as [number, number];
  const scales = [
    rowScale == null ? undefined : scaleVector(rowScale, 'rowScale', m, dtype),
    columnScale == null ? undefined : scaleVector(columnScale, 'columnScale', n, dtype),
  ];
  const coordinates = scales.some((s) => s !== undefined) ? entryCoordinates(sparse) : [];
  const factors: EntryFactor[] = [];
  scales.forEach((tensor, dim) => {
    if (tensor !== undefined) factors.push({ tensor, indices: coordinates[dim] as tf.Tensor1D });
  });
  return sparse.withValues(sampledProduct(sparse.values, factors));
}

export const sparseDiagScale = tf.op({ sparseDiagScale_ });
