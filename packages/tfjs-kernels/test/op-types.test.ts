/**
 * Static result types, checked by the package's type-check (`tsc -p tsconfig.json` includes the
 * tests): ops that always return a 1-D buffer are typed `Tensor1D`. The runtime assertions
 * confirm the types describe what the ops return.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { convertLayout, relayout, tgather, tscatter, unrelayout } from '../src/index.js';
import { tf } from './support/tf.js';

describe('result types', () => {
  it('relayout and convertLayout return Tensor1D; the others a Tensor of their input’s rank', () => {
    const x = tf.tensor2d([
      [1, 2],
      [3, 4],
    ]);
    const buffer = relayout(x, '{0,1}');
    const converted = convertLayout(buffer, 'f32[2,2]{0,1}', '{1,0}');
    const back = unrelayout(converted, 'f32[2,2]{1,0}');
    expectTypeOf(relayout).returns.toEqualTypeOf<tf.Tensor1D>();
    expectTypeOf(convertLayout).returns.toEqualTypeOf<tf.Tensor1D>();
    expectTypeOf(buffer).toEqualTypeOf<tf.Tensor1D>();
    expectTypeOf(unrelayout).returns.toEqualTypeOf<tf.Tensor>();
    expectTypeOf(tscatter).returns.toEqualTypeOf<tf.Tensor>();
    expectTypeOf(tgather).returns.toEqualTypeOf<tf.Tensor>();
    expect(buffer.rank).toBe(1);
    expect(converted.rank).toBe(1);
    expect(back.arraySync()).toEqual(x.arraySync());
    tf.dispose([x, buffer, converted, back]);
  });
});
