/**
 * TSCATTER on WebGPU is deterministic with duplicate offsets: 4M updates (random offsets, so
 * about four writers per slot) into 1M slots give the same bits in 20 runs of 20, and those bits
 * are the last writer's, as a plain sequential loop computes them.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { tscatter } from '../../src/index.js';
import { exactValues, gpuOnly, isOnGpu, onWebgpu, tf } from './support/backends.js';

onWebgpu();

describe('tscatter determinism on webgpu', () => {
  it('4M updates into 1M slots: 20 of 20 runs identical, each the last writer', async () => {
    const [srcRows, srcCols, dstRows, dstCols] = [2048, 2048, 1024, 1024];
    const updates = srcRows * srcCols;
    const slots = dstRows * dstCols;
    const random = seededRandom(12345);
    const offsets = Int32Array.from({ length: updates }, () => Math.floor(random() * slots));
    // Distinct values per update, so any other winner than the last shows.
    const values = Float32Array.from({ length: updates }, (_, k) => k + 0.5);
    const expected = new Float32Array(slots);
    for (let k = 0; k < updates; k++) expected[offsets[k]!] = values[k]!;
    const expectedBits = Array.from(new Uint32Array(expected.buffer));

    const src = gpuOnly(tf.tensor2d(values, [srcRows, srcCols]));
    const idx = tf.tensor2d(offsets, [srcRows, srcCols], 'int32');
    for (let run = 0; run < 20; run++) {
      const out = tscatter(src, idx, { dstShape: [dstRows, dstCols], bounds: 'skip' });
      expect(isOnGpu(out)).toBe(true);
      const bits = await exactValues(out);
      out.dispose();
      // toEqual on 1M numbers would print a huge diff; count mismatches instead.
      let mismatches = 0;
      for (let k = 0; k < slots; k++) if (bits[k] !== expectedBits[k]) mismatches++;
      expect({ run, mismatches }).toEqual({ run, mismatches: 0 });
    }
    tf.dispose([src, idx]);
  });
});
