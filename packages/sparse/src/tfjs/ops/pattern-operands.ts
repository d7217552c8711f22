/**
 * The operands of the ops whose result keeps a sparse input's pattern (sparseMul,
 * sparseDiagScale, sparseWithValues): the sparse input on the backend, and dense operands of its
 * value dtype, each checked with a typed error naming the argument.
 */
import type * as tf from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { SparseFormatError } from '../../sparse-tensor/errors.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/index.js';
import { type TfSparseDType, TfSparseTensor } from '../sparse-tensor-tf.js';
import { denseTensor } from './dense-argument.js';
import { requireSparse } from './sparse-argument.js';

/**
 * Checks that `A` is a sparse tensor the tfjs ops take: a live `TfSparseTensor` or a float32 or
 * int32 `SparseTensor`, of rank `rank` when given (any rank otherwise).
 *
 * @throws SparseFormatError naming `argument`.
 */
export function checkSparse(
  A: unknown,
  argument: string,
  rank?: number,
): asserts A is TfSparseTensor | SparseTensor {
  if (rank !== undefined) requireSparse(A, rank, argument);
  else if (!(A instanceof TfSparseTensor || A instanceof SparseTensor))
    throw new SparseFormatError(argument, `expected a sparse tensor, got ${describeValue(A)}`);
  if (A instanceof SparseTensor && A.dtype !== 'float32' && A.dtype !== 'int32')
    throw new SparseFormatError(argument, `tfjs ops need float32 or int32 values, got ${A.dtype}`);
  if (A instanceof TfSparseTensor && A.isDisposed)
    throw new SparseFormatError(argument, 'the sparse tensor is disposed');
}

/**
 * `A` (checked by {@link checkSparse}) as a backend-resident sparse tensor: a `TfSparseTensor`
 * as it is, a host `SparseTensor` uploaded into the calling op's scope.
 *
 * @throws SparseFormatError naming `argument`.
 */
export function residentSparse(A: unknown, argument: string, rank?: number): TfSparseTensor {
  checkSparse(A, argument, rank);
  return A instanceof SparseTensor ? TfSparseTensor.fromSparseTensor(A) : A;
}

/**
 * `x` as a live dense tensor of `dtype` (numbers converted to it; call inside `op()`).
 *
 * @throws SparsifyError naming `argument` for a disposed tensor, another dtype, or anything
 *   `denseTensor` refuses.
 */
export function denseOperand(x: unknown, argument: string, dtype: TfSparseDType): tf.Tensor {
  const t = denseTensor(x, argument, dtype);
  if (t.isDisposed) throw new SparsifyError(argument, 'the tensor is disposed');
  if (t.dtype !== dtype)
    throw new SparsifyError(
      argument,
      `expected a ${dtype} tensor (the sparse operand's values are ${dtype}), got ${t.dtype}`,
    );
  return t;
}
