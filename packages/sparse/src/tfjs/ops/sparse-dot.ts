/** The `sparseDot` op: dot product of a sparse vector with a dense or sparse vector. */
import { op, type Tensor } from '@tensorflow/tfjs-core';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparseDot } from '../kernel-names.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/**
 * `x = a(i) * b(i)` (a rank-0 result) with `a` sparse and `b` dense or sparse.
 *
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function sparseDot_(
  a: SparseArgument,
  b: Tensor | SparseArgument,
  options?: SparseOpOptions,
): Tensor {
  requireSparse(a, 1, 'a');
  const sparseB = b instanceof TfSparseTensor || b instanceof SparseTensor;
  if (sparseB) requireSparse(b, 1, 'b');
  return runFixedKernel('sparseDot', SparseDot, { a, b }, sparseB ? ['a', 'b'] : ['a'], options);
}

export const sparseDot = op({ sparseDot_ });
