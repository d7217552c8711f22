/** The `sparseToDense` op: a sparse tensor's dense form, computed on the backend. */
import type { Tensor } from '@tensorflow/tfjs-core';
import type { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import type { TfSparseTensor } from '../sparse-tensor-tf.js';
import { densify } from './densify.js';

/**
 * The dense tensor of sparse `A` (any rank and format), built by a kernel on the active backend:
 * no data is read back on the GPU backends. Differentiable with respect to `A`'s values (through
 * `A.withValues(v)`). `A.toDense()` of a {@link TfSparseTensor} is this op.
 *
 * @throws SparseFormatError, KernelNotRegisteredError
 */
export const sparseToDense: (A: TfSparseTensor | SparseTensor) => Tensor = densify;
