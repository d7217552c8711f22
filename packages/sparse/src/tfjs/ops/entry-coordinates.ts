/**
 * The coordinates of every stored entry of a sparse tensor, one int32 tensor per dimension,
 * computed on its backend from the storage tensors (no read-back): walking the levels from the
 * last up, a position's coordinate is its coordinates entry (compressed, singleton) or its
 * offset in the parent's block (dense), and its parent position is found by a sorted search of
 * the segment ends its level object locates in the positions (compressed, loose compressed),
 * is the same position (singleton) or the block or group number (dense, structured).
 * Per-dimension coordinates never overflow int32, whatever the dense size of the tensor.
 */
import * as tf from '@tensorflow/tfjs-core';
import { levelsOf } from '../../sparse-tensor/format.js';
import type { DeviceSparse } from '../device-sparse.js';
import { countAtMost, gather1d, int32Range, modOf, slice1d, tensorOf } from '../direct-kernels.js';

/** An int32 scalar (a plain number would make the arithmetic float32). */
const int = (n: number) => tf.scalar(n, 'int32');

/**
 * Per dimension (in dimension order), an int32 `[nnz]` tensor: entry `p`'s coordinate along
 * that dimension, in the order of the values tensor.
 */
export function entryCoordinates(s: DeviceSparse): tf.Tensor1D[] {
  // A sorted search rejects an empty search.
  if (s.nnz === 0) return s.shape.map(() => tensorOf(new Int32Array(0), 'int32'));
  return tf.tidy(() => {
    const { order } = s.format;
    const levels = levelsOf(s.format);
    const coordinates: tf.Tensor1D[] = new Array(s.rank);
    let position: tf.Tensor1D = int32Range(0, s.nnz);
    for (let l = levels.length - 1; l >= 0; l--) {
      const level = levels[l] as (typeof levels)[number];
      const dim = order[l] as number;
      const size = s.shape[dim] as number;
      if (level.iteration === 'range') {
        coordinates[dim] = modOf(position, int(size));
        position = tf.floorDiv(position, int(size));
        continue;
      }
      coordinates[dim] = gather1d(s.coordinates[l] as tf.Tensor1D, position);
      // A structured level stores `n` slots under every parent: the parent is the group number.
      if (level.slotsPerParent !== undefined) {
        position = tf.floorDiv(position, int(level.slotsPerParent));
        continue;
      }
      const ends = level.endsInPositions;
      if (ends !== undefined) {
        // The parent is the number of segments ending at or before the position (segments
        // are contiguous on a backend: storage-check.ts).
        const positions = s.positions[l] as tf.Tensor1D;
        const segmentEnds =
          ends.stride === 1
            ? slice1d(positions, ends.start, positions.size - ends.start)
            : gather1d(positions, int32Range(ends.start, positions.size, ends.stride));
        position = countAtMost(segmentEnds, position);
      }
    }
    return coordinates;
  });
}
