/**
 * The dense row-major index of every stored entry of a sparse tensor, computed on its backend
 * from the storage tensors (no read-back): its coordinates (see ops/entry-coordinates.ts)
 * weighted by the dense strides.
 */
import * as tf from '@tensorflow/tfjs-core';
import { rowMajorStrides } from '@tilekit/errors';
import type { DeviceSparse } from '../device-sparse.js';
import { tensorOf } from '../direct-kernels.js';
import { entryCoordinates } from '../ops/entry-coordinates.js';

/** Int32 `[nnz]`: entry `p`'s index in the dense row-major form of `s`. */
export function entryDenseIndices(s: DeviceSparse): tf.Tensor1D {
  // No arithmetic on empty tensors (a GPU backend may refuse a zero-size pass).
  if (s.nnz === 0) return tensorOf(new Int32Array(0), 'int32');
  return tf.tidy(() => {
    const strides = rowMajorStrides(s.shape);
    return entryCoordinates(s).reduce<tf.Tensor1D>(
      (index, coordinate, dim) =>
        tf.add(index, tf.mul(coordinate, tf.scalar(strides[dim] as number, 'int32'))),
      tensorOf(new Int32Array(s.nnz), 'int32'),
    );
  });
}
