/**
 * Gradients of tscatter / tgather on WebGL (they run the TGather `'lastWriter'` and TScatter
 * `'add'` kernels), against hand-derived values and the reference loops, with tensors, data ids
 * and textures balanced.
 */
import { describe, expect, it } from 'vitest';
import { tgather, tscatter } from '../../src/index.js';
import { iota } from '../support/iota.js';
import { referenceTScatterAdd } from '../support/tile-reference.js';
import { expectBalanced } from './support/accounting.js';
import { gpuOnly, tf } from './support/backends.js';
import { onWebgl2 } from './support/webgl-setup.js';

onWebgl2();

describe('tile gradients on webgl', () => {
  for (const residence of ['cpu', 'gpu'] as const) {
    it(`tscatter: each source gets dy at its offset only if it is the last writer (indices on ${residence})`, async () => {
      await expectBalanced(async () => {
        // Entries 0 and 2 both write offset 3 (entry 2 wins); entry 5 is outside the valid region.
        const src = tf.tensor2d(
          iota(8, (k) => k + 1),
          [1, 8],
        );
        const idx = tf.tensor2d([3, 0, 3, 7, 6, 1, 2, 4], [1, 8], 'int32');
        if (residence === 'gpu') gpuOnly(idx);
        const w = tf.tensor2d(
          iota(8, (k) => 10 * (k + 1)),
          [1, 8],
        );
        const f = (s: tf.Tensor) =>
          tf.sum(tf.mul(tscatter(s, idx, { dstShape: [1, 8], validCol: 5, target: 'any' }), w));
        const dsrc = tf.grad(f)(src);
        // w at offsets: entry0 -> overwritten: 0; entry1 -> offset 0: 10; entry2 -> offset 3: 40;
        // entry3 -> offset 7: 80; entry4 -> offset 6: 70; entries 5..7 outside the region: 0.
        expect(Array.from(await dsrc.data())).toEqual([0, 10, 40, 80, 70, 0, 0, 0]);
        tf.dispose([src, idx, w, dsrc]);
      });
    });
  }

  it('tgather: the gradient sums every read of an offset, in row-major order', async () => {
    await expectBalanced(async () => {
      const src = tf.tensor2d(
        iota(16, (k) => k),
        [2, 8],
      );
      const offsets = iota(16, (k) => (k * 5) % 6);
      const idx = tf.tensor2d(offsets, [2, 8], 'int32');
      const wValues = iota(16, (k) => 0.25 * k - 1);
      const w = tf.tensor2d(wValues, [2, 8]);
      const dsrc = tf.grad((s: tf.Tensor) => tf.sum(tf.mul(tgather(s, idx, { target: 'any' }), w)))(
        src,
      );
      const expected = referenceTScatterAdd(
        {
          src: wValues,
          srcShape: [2, 8],
          idx: offsets,
          idxShape: [2, 8],
          dstShape: [2, 8],
          validRow: 2,
          validCol: 8,
        },
        (o, v) => Math.fround(o + v),
      );
      expect(Array.from(await dsrc.data())).toEqual(expected);
      tf.dispose([src, idx, w, dsrc]);
    });
  });
});
