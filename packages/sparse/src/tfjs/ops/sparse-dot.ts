/** The `sparseDot` op: dot product of a sparse vector with a dense or sparse vector. */
import { op, type Scalar } from '@tensorflow/tfjs-core';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { isTfSparseTensor } from '../device-sparse.js';
import { SparseDot } from '../kernel-names.js';
import { usePreparedKernels } from '../prepared/prepared-kernel.js';
import { SPARSE_DOT_KERNELS } from '../prepared/sparse-dot.generated.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { type DenseArgument, denseTensor, partnerDtype } from './dense-argument.js';
import { deviceDot } from './device-form-hook.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/**
 * `x = a(i) * b(i)` (a rank-0 result) with `a` sparse and `b` dense (a tensor or numbers,
 * converted to `a`'s dtype) or sparse.
 *
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function sparseDot_(
  a: SparseArgument,
  b: DenseArgument | SparseArgument,
  options?: SparseOpOptions,
): Scalar {
  usePreparedKernels(SPARSE_DOT_KERNELS);
  requireSparse(a, 1, 'a');
  const sparseB = isTfSparseTensor(b) || b instanceof SparseTensor;
  if (sparseB) requireSparse(b, 1, 'b');
  const operandB = sparseB ? b : denseTensor(b, 'b', partnerDtype(a));
  const onDevice = deviceDot(a, operandB, sparseB, options);
  if (onDevice !== undefined) return onDevice;
  return runFixedKernel(
    'sparseDot',
    SparseDot,
    { a, b: operandB },
    sparseB ? ['a', 'b'] : ['a'],
    options,
  ) as Scalar;
}

export const sparseDot = op({ sparseDot_ });
