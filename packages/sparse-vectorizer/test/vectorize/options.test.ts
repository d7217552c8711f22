import { f32, i1, MAX_VECTOR_LENGTH, parseModule } from '@tilekit/loop-ir';
import { describe, expect, it } from 'vitest';
import { resolveOptions, VectorizeOptionsError, vectorize, vectorType } from '../../src/index.js';

describe('vectorize options (MLIR VL struct)', () => {
  it('defaults VLA, 32-bit SIMD indices and the half-width short path to off', () => {
    expect(resolveOptions({ vectorLength: 8 })).toEqual({
      vectorLength: 8,
      enableVLAVectorization: false,
      enableSIMDIndex32: false,
      halfWidthShortReductions: false,
    });
  });

  it.each([0, -4, 2.5, Number.NaN])(
    'rejects vectorLength %s, as MLIR fails the pass for vl=0',
    (vl) => {
      expect(() => resolveOptions({ vectorLength: vl })).toThrow(VectorizeOptionsError);
      expect(() => resolveOptions({ vectorLength: vl })).toThrow(/options\.vectorLength/);
      const module = parseModule('func.func @f() {\n  return\n}');
      expect(() => vectorize(module, { vectorLength: vl })).toThrow(VectorizeOptionsError);
    },
  );

  it.each([2 ** 16 + 1, 1e9, 2 ** 31, Number.POSITIVE_INFINITY, '8', null])(
    'rejects vectorLength %s beyond 2^16 lanes or not a number, naming the range',
    (vl) => {
      const options = { vectorLength: vl as number };
      expect(() => resolveOptions(options)).toThrow(VectorizeOptionsError);
      expect(() => resolveOptions(options)).toThrow(/options\.vectorLength .*\[1, 65536\]/);
      const module = parseModule('func.func @f() {\n  return\n}');
      expect(() => vectorize(module, options)).toThrow(VectorizeOptionsError);
    },
  );

  it('accepts the bound itself, 2^16 lanes', () => {
    expect(MAX_VECTOR_LENGTH).toBe(65536);
    expect(resolveOptions({ vectorLength: 2 ** 16 }).vectorLength).toBe(65536);
  });

  it('builds fixed vectors, and scalable ones under VLA', () => {
    const fixed = vectorType(resolveOptions({ vectorLength: 16 }), f32);
    expect(fixed).toMatchObject({ shape: [16], scalableDims: [false], element: f32 });
    const scalable = vectorType(
      resolveOptions({ vectorLength: 4, enableVLAVectorization: true }),
      i1,
    );
    expect(scalable).toMatchObject({ shape: [4], scalableDims: [true], element: i1 });
  });
});
