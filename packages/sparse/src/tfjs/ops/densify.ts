/**
 * The `sparseToDense` op itself, below the `TfSparseTensor` class whose `toDense()` it is: it
 * reads sparse tensors through `DeviceSparse` rather than the class (see `./to-dense.ts` for the
 * op as the package exports it).
 */
import { op, type Tensor } from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { SparseFormatError } from '../../sparse-tensor/errors.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { toDenseExpression } from '../compiled-kernel.js';
import { type DeviceSparse, isTfSparseTensor } from '../device-sparse.js';
import { SparseToDenseTensor } from '../kernel-names.js';
import { usePreparedKernels } from '../prepared/prepared-kernel.js';
import { TO_DENSE_KERNELS } from '../prepared/to-dense.generated.js';
import { blockProduct, isBlockMatrix } from './block-route.js';
import { rowMajorMatrix } from './device-form-hook.js';
import { runSparseKernel } from './run-sparse-kernel.js';

/**
 * The dense tensor of sparse `A` (any rank and format), built by a kernel on the active backend.
 *
 * @throws SparseFormatError, KernelNotRegisteredError
 */
function sparseToDense_(A: DeviceSparse | SparseTensor): Tensor {
  usePreparedKernels(TO_DENSE_KERNELS);
  if (!(isTfSparseTensor(A) || A instanceof SparseTensor))
    throw new SparseFormatError('A', `expected a sparse tensor, got ${describeValue(A)}`);
  // A block or structured tensor: the level-space kernel the compiler route installs.
  if (isBlockMatrix(A)) return blockProduct('sparseToDense', SparseToDenseTensor, A);
  return runSparseKernel(
    'sparseToDense',
    SparseToDenseTensor,
    toDenseExpression(A.rank),
    { A: A.rank === 2 ? rowMajorMatrix(A) : A },
    new Set(['A']),
    { vectorLength: 0 },
  );
}

export const densify = op({ sparseToDense_ });
