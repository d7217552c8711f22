/** The `sparseToDense` op: a sparse tensor's dense form, computed on the backend. */
import { op, type Tensor } from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { SparseFormatError } from '../../sparse-tensor/errors.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { toDenseExpression } from '../compiled-kernel.js';
import { SparseToDenseTensor } from '../kernel-names.js';
import { usePreparedKernels } from '../prepared/prepared-kernel.js';
import { TO_DENSE_KERNELS } from '../prepared/to-dense.generated.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';
import { rowMajorMatrix } from '../webgpu/device-forms.js';
import { runSparseKernel } from './run-sparse-kernel.js';

/**
 * The dense tensor of sparse `A` (any rank and format), built by a kernel on the active backend:
 * no data is read back on the GPU backends. Differentiable with respect to `A`'s values (through
 * `A.withValues(v)`). `A.toDense()` of a {@link TfSparseTensor} is this op.
 *
 * @throws SparseFormatError, KernelNotRegisteredError
 */
function sparseToDense_(A: TfSparseTensor | SparseTensor): Tensor {
  usePreparedKernels(TO_DENSE_KERNELS);
  if (!(A instanceof TfSparseTensor || A instanceof SparseTensor))
    throw new SparseFormatError('A', `expected a sparse tensor, got ${describeValue(A)}`);
  return runSparseKernel(
    'sparseToDense',
    SparseToDenseTensor,
    toDenseExpression(A.rank),
    { A: A.rank === 2 ? rowMajorMatrix(A) : A },
    new Set(['A']),
    { vectorLength: 0 },
  );
}

export const sparseToDense = op({ sparseToDense_ });
