/**
 * TSCATTER and TGATHER move bits, not numbers, on the cpu and wasm backends (as relayout and
 * the GPU backends do): random float32 bit patterns (signalling and quiet NaNs with payloads,
 * negative NaNs, -0, subnormals, infinities) come out exactly where a plain loop over the
 * 32-bit patterns puts them. Run on both backends registered in one process.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tgather, tscatter } from '../../src/index.js';
import { type BackendName, tf, useBackend } from './support/backends.js';

const BACKENDS: readonly BackendName[] = ['cpu', 'wasm'];

/** The float32 bit patterns of `t` (read from its storage: no conversion through numbers). */
async function bitsOf(t: tf.Tensor): Promise<number[]> {
  const values = (await t.data()) as Float32Array;
  return [...new Uint32Array(values.buffer, values.byteOffset, values.length)];
}

/** A float32 tensor holding exactly `bits`. */
function floatTensor(bits: readonly number[], shape: number[]): tf.Tensor {
  return tf.tensor(new Float32Array(Uint32Array.from(bits).buffer), shape, 'float32');
}

const nanBits = fc
  .tuple(fc.boolean(), fc.integer({ min: 1, max: 0x7fffff }))
  .map(([negative, payload]) => ((negative ? 0x80000000 : 0) | 0x7f800000 | payload) >>> 0);
const patternArb = fc.oneof(
  nanBits,
  fc.constantFrom(0x7f800001, 0xff800001, 0x7fc00000, 0x80000000, 1, 0x7f800000),
  fc.nat({ max: 0xffffffff }),
);

const callArb = fc
  .record({
    rows: fc.integer({ min: 1, max: 4 }),
    cols: fc.constantFrom(8, 16),
    dstRows: fc.integer({ min: 1, max: 4 }),
  })
  .chain((g) =>
    fc.record({
      g: fc.constant(g),
      src: fc.array(patternArb, { minLength: g.rows * g.cols, maxLength: g.rows * g.cols }),
      idx: fc.array(fc.integer({ min: 0, max: Math.max(g.rows, g.dstRows) * g.cols - 1 }), {
        minLength: g.rows * g.cols,
        maxLength: g.rows * g.cols,
      }),
    }),
  );

/** The reference loops over bit patterns: flat offsets, last writer wins, zeros elsewhere. */
function referenceScatter(src: readonly number[], idx: readonly number[], size: number): number[] {
  const dst = new Array<number>(size).fill(0);
  idx.forEach((k, i) => {
    if (k < size) dst[k] = src[i] as number;
  });
  return dst;
}
function referenceGather(src: readonly number[], idx: readonly number[]): number[] {
  return idx.map((k) => (k < src.length ? (src[k] as number) : 0));
}

describe('TSCATTER/TGATHER keep float32 bit patterns', () => {
  it('the reproducer: a signalling NaN 0x7F800001 stays one', async () => {
    for (const backend of BACKENDS) {
      await useBackend(backend);
      const src = floatTensor([0x7f800001, 0xffffffff, ...Array(6).fill(0x3f800000)], [1, 8]);
      const idx = tf.tensor([7, 6, 5, 4, 3, 2, 1, 0], [1, 8], 'int32');
      const scattered = tscatter(src, idx, { dstShape: [1, 8] });
      const gathered = tgather(src, idx);
      expect(await bitsOf(scattered), backend).toEqual([
        ...Array(6).fill(0x3f800000),
        0xffffffff,
        0x7f800001,
      ]);
      expect(await bitsOf(gathered), backend).toEqual([
        ...Array(6).fill(0x3f800000),
        0xffffffff,
        0x7f800001,
      ]);
      tf.dispose([src, idx, scattered, gathered]);
    }
  });

  for (const backend of BACKENDS) {
    it(`random bit patterns and offsets on ${backend}`, async () => {
      await useBackend(backend);
      const calls = fc.sample(callArb, { seed: 12, numRuns: 120 });
      for (const { g, src, idx } of calls) {
        const before = tf.memory().numTensors;
        const s = floatTensor(src, [g.rows, g.cols]);
        const i = tf.tensor(idx, [g.rows, g.cols], 'int32');
        const dstSize = g.dstRows * g.cols;
        const scattered = tscatter(s, i, { dstShape: [g.dstRows, g.cols], bounds: 'skip' });
        const gathered = tgather(s, i, { bounds: 'skip' });
        expect(await bitsOf(scattered)).toEqual(referenceScatter(src, idx, dstSize));
        expect(await bitsOf(gathered)).toEqual(referenceGather(src, idx));
        tf.dispose([s, i, scattered, gathered]);
        expect(tf.memory().numTensors).toBe(before);
      }
    });
  }
});
