/**
 * The dense form of a sparse operand of the gradients' output-major forms on webgpu: tfjs's own
 * scatter of the stored values at their coordinates, computed on the device from the storage
 * (ops/entry-coordinates.ts), so that the webgpu entries of the ops need neither the to-dense
 * kernel's prepared data nor its passes. It has no gradient of its own (a gradient's operands
 * are not differentiated again); `sparseDot`'s products, whose sparse operand is, densify with
 * the op. Every entry of a row-major or vector operand is stored once, so each dense element is
 * written by at most one value. A block or structured matrix takes its level-space route
 * (ops/block-route.ts); a host `SparseTensor` is densified on the host.
 */
import * as tf from '@tensorflow/tfjs-core';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparseToDenseTensor } from '../kernel-names.js';
import { blockProduct, isBlockMatrix } from '../ops/block-route.js';
import type { SparseMatrix } from '../ops/device-form-hook.js';
import { entryCoordinates } from '../ops/entry-coordinates.js';

/**
 * `A` as a dense tensor of its shape and dtype. (tfjs's kernels are called without their op
 * wrappers, whose argument handling every webgpu bundle would carry.)
 */
export function scatterDense(A: SparseMatrix): tf.Tensor {
  if (isBlockMatrix(A)) return blockProduct('sparseToDense', SparseToDenseTensor, A);
  const shape = [...A.shape];
  const int = A.dtype === 'int32';
  const engine = tf.engine();
  // tfjs-webgpu's scatter cannot take an empty update list.
  if (A instanceof SparseTensor || A.nnz === 0) {
    const size = shape.reduce((x, y) => x * y, 1);
    const dense = A instanceof SparseTensor ? A.toDense() : new Int32Array(size);
    const values = int ? Int32Array.from(dense, Number) : Float32Array.from(dense, Number);
    return engine.makeTensor(values, shape, int ? 'int32' : 'float32');
  }
  return tf.tidy(() => {
    const updates =
      A.values.size === A.nnz
        ? A.values
        : (engine.runKernel(tf.Slice, { x: A.values }, { begin: [0], size: [A.nnz] }) as tf.Tensor);
    const coordinates = entryCoordinates(A) as unknown as tf.NamedTensorMap;
    const indices = engine.runKernel(tf.Pack, coordinates, { axis: 1 }) as tf.Tensor;
    return engine.runKernel(tf.ScatterNd, { indices, updates }, { shape }) as tf.Tensor;
  });
}
