/**
 * The relayout family allocates its output and nothing else: no logical or padded intermediate,
 * no per-call tables (run tables are cached per layout). Measured as ArrayBuffer growth per call.
 */
import { describe, expect, it } from 'vitest';
import { arrayBufferBytesPerCall } from '../bench/bench-support.js';
import { convertLayout, relayout, unrelayout } from '../src/index.js';
import { tf } from './support/tf.js';

const ROWS = 256;
const COLS = 1024;
const OUTPUT_BYTES = ROWS * COLS * 4;

describe('relayout family memory', () => {
  const x = tf.tensor2d(new Float32Array(ROWS * COLS).fill(1.5), [ROWS, COLS]);
  for (const layout of ['{1,0:T(8,128)}', '{1,0:T(8,128)(2,1)}', '{0,1:T(4,128)}']) {
    const shape = `f32[${ROWS},${COLS}]${layout}`;
    it(`allocates only the output for ${layout}`, async () => {
      const buffer = relayout(x, layout);
      expect(await arrayBufferBytesPerCall(() => relayout(x, layout).dispose())).toBe(OUTPUT_BYTES);
      expect(await arrayBufferBytesPerCall(() => unrelayout(buffer, shape).dispose())).toBe(
        OUTPUT_BYTES,
      );
      expect(
        await arrayBufferBytesPerCall(() =>
          convertLayout(buffer, shape, '{1,0:T(8,128)(2,1)}').dispose(),
        ),
      ).toBe(OUTPUT_BYTES);
      buffer.dispose();
    });
  }
});
