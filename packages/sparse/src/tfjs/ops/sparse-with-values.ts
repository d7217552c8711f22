/** The `sparseWithValues` op: a sparse tensor's pattern with other values. */
import * as tf from '@tensorflow/tfjs-core';
import { SparseFormatError } from '../../sparse-tensor/errors.js';
import type { TfSparseTensor } from '../sparse-tensor-tf.js';
import { type DenseArgument, denseTensor, partnerDtype } from './dense-argument.js';
import { residentSparse } from './pattern-operands.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * `A`'s sparsity pattern with `values` as its stored values (one per stored entry, in the order
 * of `A.values`): the op form of `A.withValues(v)`, which also takes a host `SparseTensor` and
 * numbers (converted to `A`'s dtype), and copies nothing: the pattern and the values are shared
 * through `tf.clone`, so the result, `A` and `values` are disposed independently. Gradients
 * reach `values`.
 *
 * @param A The sparse tensor (a `TfSparseTensor`, or a host `SparseTensor` uploaded for the call).
 * @param values A float32 or int32 `[nnz]` tensor, or `nnz` numbers.
 * @throws SparseFormatError naming `A` or `values`; SparsifyError naming `values` (not numbers).
 */
function sparseWithValues_(A: SparseArgument, values: DenseArgument): TfSparseTensor {
  const sparse = residentSparse(A, 'A');
  const v = denseTensor(values, 'values', partnerDtype(sparse));
  if (v.isDisposed) throw new SparseFormatError('values', 'is disposed');
  if (v.rank !== 1 || v.size !== sparse.nnz)
    throw new SparseFormatError(
      'values',
      `expected a rank-1 tensor of ${sparse.nnz} elements (one per stored entry of A), got shape [${v.shape.join(', ')}]`,
    );
  return sparse.withValues(tf.clone(v as tf.Tensor1D));
}

export const sparseWithValues = tf.op({ sparseWithValues_ });
