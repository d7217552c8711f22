/**
 * The element type written in a shape that describes a buffer (unrelayout's `shape`,
 * convertLayout's `from`) must be the buffer's: f32 for float32, s32 for int32, pred for bool.
 */
import { parseShape } from '@tilekit/layout';
import { describe, expect, it } from 'vitest';
import { convertLayout, KernelArgumentError, relayout, unrelayout } from '../src/index.js';
import { expectOpError } from './support/errors.js';
import { tf } from './support/tf.js';

/** The logical 4x4 tensor 0..15 and its buffer in 2x2 tiles, for each dtype. */
function tiled(dtype: 'float32' | 'int32' | 'bool') {
  const x = tf.tensor2d(
    Array.from({ length: 16 }, (_, k) => (dtype === 'bool' ? k % 2 : k)),
    [4, 4],
    dtype,
  );
  return { x, buffer: relayout(x, '{1,0:T(2,2)}') };
}

/** How a shape writes each dtype's element type. */
const WRITTEN = { float32: 'f32', int32: 's32', bool: 'pred' } as const;

describe('element type of a buffer shape', () => {
  it('matching types read the buffer back, for every dtype', () => {
    for (const dtype of ['float32', 'int32', 'bool'] as const) {
      const { x, buffer } = tiled(dtype);
      const back = unrelayout(buffer, `${WRITTEN[dtype]}[4,4]{1,0:T(2,2)}`);
      expect(back.dtype).toBe(dtype);
      expect(back.arraySync()).toEqual(x.arraySync());
      tf.dispose([x, buffer, back]);
    }
  });

  it('unrelayout rejects a type the buffer does not have, as text or parsed', () => {
    const { x, buffer } = tiled('float32');
    for (const shape of ['s32[4,4]{1,0:T(2,2)}', parseShape('bf16[4,4]{1,0:T(2,2)}')]) {
      const error = expectOpError(() => unrelayout(buffer, shape), KernelArgumentError);
      expect(error.argument).toBe('shape');
      expect(error.message).toMatch(
        /^unrelayout: argument 'shape' names element type (s32|bf16), but the buffer has dtype float32 \(written f32\)/,
      );
    }
    tf.dispose([x, buffer]);
  });

  it("convertLayout checks 'from' the same way", () => {
    const { x, buffer } = tiled('int32');
    const error = expectOpError(
      () => convertLayout(buffer, 'f32[4,4]{1,0:T(2,2)}', '{0,1}'),
      KernelArgumentError,
    );
    expect(error.argument).toBe('from');
    expect(error.message).toContain('names element type f32, but the buffer has dtype int32');
    tf.dispose([x, buffer]);
  });
});
