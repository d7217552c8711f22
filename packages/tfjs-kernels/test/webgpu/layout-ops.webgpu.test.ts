/**
 * The relayout family on WebGPU against `@tilekit/layout`'s whole-array maps (an independent
 * implementation of the layout math), on the GPU path and the CPU route.
 */
import { inverseMap, offsetMap } from '@tilekit/layout';
import { describe, expect, it } from 'vitest';
import { convertLayout, relayout, unrelayout } from '../../src/index.js';
import { exactValues, expectBalanced, isOnGpu, onWebgpu, tf } from './support/backends.js';

onWebgpu();

const iota = (n: number) => Array.from({ length: n }, (_, k) => k + 1);

describe('relayout family on webgpu', () => {
  it('relayout of f32[3,5] into 2x2 tiles matches the inverse map, padding included', async () => {
    await expectBalanced(async () => {
      const x = tf.tensor2d(iota(15), [3, 5]);
      const out = relayout(x, '{1,0:T(2,2)}', { padValue: -1 });
      expect(isOnGpu(out)).toBe(true);
      const expected = Array.from(inverseMap('f32[3,5]{1,0:T(2,2)}'), (i) => (i < 0 ? -1 : i + 1));
      expect(Array.from(await out.data())).toEqual(expected);
      tf.dispose([x, out]);
    });
  });

  it('unrelayout and convertLayout of int32 values beyond 2^24 are exact', async () => {
    await expectBalanced(async () => {
      const whole = 's32[4,6]{0,1:T(2,4)(2,1)}';
      const logical = Array.from({ length: 24 }, (_, k) => 2 ** 30 + 7 * k);
      const map = inverseMap(whole);
      const buffer = tf.tensor1d(
        Array.from(map, (i) => (i < 0 ? -5 : logical[i]!)),
        'int32',
      );
      const back = unrelayout(buffer, whole);
      expect(isOnGpu(back)).toBe(true);
      expect(Array.from(await back.data())).toEqual(logical);
      const converted = convertLayout(buffer, whole, '{1,0:T(4,4)}', { padValue: 2 ** 31 - 1 });
      const target = inverseMap('s32[4,6]{1,0:T(4,4)}');
      expect(Array.from(await converted.data())).toEqual(
        Array.from(target, (i) => (i < 0 ? 2 ** 31 - 1 : logical[i]!)),
      );
      const offsets = offsetMap(whole);
      expect(Array.from(offsets, (p) => map[p])).toEqual(iota(24).map((k) => k - 1));
      tf.dispose([buffer, back, converted]);
    });
  });

  it('moves float32 bit patterns unchanged (-0, NaN payloads, subnormals, ±Inf)', async () => {
    const bits = [0x80000000, 0x7fa00001, 0xffc12345, 0x00000001, 0x807fffff, 0x7f800000];
    const values = new Float32Array(new Uint32Array([...bits, ...bits]).buffer);
    const x = tf.tensor2d(values, [3, 4]);
    const out = relayout(x, '{0,1:T(2,2)}');
    const back = unrelayout(out, 'f32[3,4]{0,1:T(2,2)}');
    expect(await exactValues(back)).toEqual([...bits, ...bits]);
    tf.dispose([x, out, back]);
  });

  it('runs small CPU-resident inputs on the CPU when tfjs forwards them', async () => {
    tf.env().set('WEBGPU_CPU_FORWARD', true);
    const x = tf.tensor2d(iota(6), [2, 3]);
    const out = relayout(x, '{0,1}');
    expect(isOnGpu(out)).toBe(false);
    expect(Array.from(await out.data())).toEqual([1, 4, 2, 5, 3, 6]);
    tf.dispose([x, out]);
  });
});
