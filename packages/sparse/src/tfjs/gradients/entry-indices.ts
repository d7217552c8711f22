/**
 * The dense row-major index of every stored entry of a sparse tensor, computed on its backend
 * from the storage tensors (no read-back): walking the levels from the last up, a position's
 * coordinate is its coordinates entry (compressed, singleton) or its offset in the parent's
 * block (dense), and its parent position is found by a sorted search of the positions
 * (compressed), is the same position (singleton) or the block number (dense).
 */
import * as tf from '@tensorflow/tfjs-core';
import { rowMajorStrides } from '@tilekit/errors';
import { isCompressed, isSingleton } from '../../sparse-tensor/format.js';
import type { TfSparseTensor } from '../sparse-tensor-tf.js';

/** An int32 scalar (a plain number would make the arithmetic float32). */
const int = (n: number) => tf.scalar(n, 'int32');

/** Int32 `[nnz]`: entry `p`'s index in the dense row-major form of `s`. */
export function entryDenseIndices(s: TfSparseTensor): tf.Tensor1D {
  // tf.searchSorted rejects an empty search.
  if (s.nnz === 0) return tf.tensor1d([], 'int32');
  return tf.tidy(() => {
    const { levels, order } = s.format;
    const strides = rowMajorStrides(s.shape);
    let position: tf.Tensor1D = tf.range(0, s.nnz, 1, 'int32');
    let index: tf.Tensor1D = tf.zerosLike(position);
    for (let l = levels.length - 1; l >= 0; l--) {
      const level = levels[l] as string;
      const dim = order[l] as number;
      const size = s.shape[dim] as number;
      let coordinate: tf.Tensor1D;
      if (level === 'dense') {
        coordinate = tf.mod(position, int(size));
        position = tf.floorDiv(position, int(size));
      } else {
        coordinate = tf.gather(s.coordinates[l] as tf.Tensor1D, position);
        if (isCompressed(level as never)) {
          const positions = s.positions[l] as tf.Tensor1D;
          // searchSorted answers a 1-D sequence as [1, n].
          const after = tf.reshape(tf.searchSorted(positions, position, 'right'), [s.nnz]);
          position = tf.sub(after, int(1)) as tf.Tensor1D;
        } else if (!isSingleton(level as never)) {
          throw new Error(`unknown level type ${level}`);
        }
      }
      index = tf.add(index, tf.mul(coordinate, int(strides[dim] as number)));
    }
    return index;
  });
}
