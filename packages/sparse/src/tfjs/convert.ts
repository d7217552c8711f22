/** Conversions between tfjs tensors and {@link SparseTensor}s. */
import * as tf from '@tensorflow/tfjs-core';
import { installSparseTensorConstruction } from '../sparse-tensor/construction.js';
import { SparseFormatError } from '../sparse-tensor/errors.js';
import type { FormatSpec, WidthOptions } from '../sparse-tensor/format.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { format32 } from './sparse-tensor-tf.js';

/**
 * Stores the non-zeros of a dense tfjs tensor (`float32` or `int32`) in `format`. Reads the
 * tensor's data synchronously; the tensor is not disposed.
 */
export function sparseTensorFromTensor(
  tensor: tf.Tensor,
  format: FormatSpec,
  options: WidthOptions = {},
): SparseTensor {
  if (!(tensor instanceof tf.Tensor)) throw new SparseFormatError('tensor', 'expected a tf.Tensor');
  if (tensor.isDisposed) throw new SparseFormatError('tensor', 'is disposed');
  if (tensor.dtype !== 'float32' && tensor.dtype !== 'int32') {
    throw new SparseFormatError('tensor', `dtype must be float32 or int32, got ${tensor.dtype}`);
  }
  // Checks the format (32-bit widths aside) before reading anything.
  format32(format, tensor.rank);
  const data = tensor.dataSync() as Float32Array | Int32Array;
  installSparseTensorConstruction();
  return SparseTensor.fromDense(data, tensor.shape, format, { ...options, dtype: tensor.dtype });
}

/** The dense tfjs tensor of a {@link SparseTensor} (`float64` values become `float32`). */
export function tensorFromSparse(sparse: SparseTensor): tf.Tensor {
  if (!(sparse instanceof SparseTensor))
    throw new SparseFormatError('sparse', 'expected a SparseTensor');
  const dense = sparse.toDense();
  if (dense instanceof BigInt64Array) {
    throw new SparseFormatError(
      'sparse',
      'int64 values have no tfjs dtype; store them as int32 or float32',
    );
  }
  const dtype = sparse.dtype === 'int32' ? 'int32' : 'float32';
  return tf.tensor(
    dtype === 'float32' && !(dense instanceof Float32Array) ? Float32Array.from(dense) : dense,
    [...sparse.shape],
    dtype,
  );
}
