/** Types, attributes and affine maps: construction, equality and evaluation by hand values. */
import { describe, expect, it } from 'vitest';
import {
  AffineEvalError,
  affineBinary,
  affineConstant,
  affineDim,
  affineMap,
  affineSymbol,
  attrEquals,
  boolLike,
  denseAttr,
  evaluateAffineMap,
  f16,
  f32,
  floatAttr,
  InvalidTypeError,
  i1,
  i32,
  index,
  integer,
  LoopIrArgumentError,
  memrefOf,
  parseModule,
  printAffineMap,
  printType,
  typeEquals,
  vectorOf,
} from '../../src/index.js';

describe('types', () => {
  it('compare structurally', () => {
    expect(
      typeEquals(vectorOf([2, 4], f32, [false, true]), vectorOf([2, 4], f32, [false, true])),
    ).toBe(true);
    expect(typeEquals(vectorOf(4, f32, true), vectorOf(4, f32))).toBe(false);
    expect(typeEquals(memrefOf(['?', 4], i32), memrefOf(['?', 4], i32))).toBe(true);
    expect(typeEquals(memrefOf('?', i32), memrefOf('?', i32, { strides: [1], offset: 0 }))).toBe(
      false,
    );
    expect(typeEquals(integer(32), i32)).toBe(true);
    expect(typeEquals(i32, index)).toBe(false);
  });

  it('print in MLIR syntax', () => {
    expect(printType(vectorOf([2, 4], f16, [false, true]))).toBe('vector<2x[4]xf16>');
    expect(printType(memrefOf(['?', 8], vectorOf(4, f32)))).toBe('memref<?x8xvector<4xf32>>');
    expect(printType(memrefOf('?', f32, { strides: ['?'], offset: '?' }))).toBe(
      'memref<?xf32, strided<[?], offset: ?>>',
    );
    expect(printType(boolLike(vectorOf(8, f32, true)))).toBe('vector<[8]xi1>');
    expect(boolLike(f32)).toBe(i1);
  });

  it('reject impossible shapes with InvalidTypeError', () => {
    expect(() => integer(7)).toThrowError(InvalidTypeError);
    expect(() => vectorOf([], f32)).toThrowError(/at least one dimension/);
    expect(() => vectorOf([0], f32)).toThrowError(/positive integers/);
    expect(() => vectorOf([2, 2], f32, [true])).toThrowError(/scalable flags/);
    expect(() => memrefOf([-1], f32)).toThrowError(InvalidTypeError);
  });
});

describe('attributes', () => {
  it('dense elements with all-equal values are splats', () => {
    const t = vectorOf(4, i32);
    expect(attrEquals(denseAttr(t, [3n, 3n, 3n, 3n]), denseAttr(t, [3n]))).toBe(true);
    expect(denseAttr(t, [1n, 2n, 3n, 4n]).splat).toBe(false);
  });

  it('float attributes compare NaN by payload bits', () => {
    expect(
      attrEquals(floatAttr(Number.NaN, f32, 0x7fc00001n), floatAttr(Number.NaN, f32, 0x7fc00001n)),
    ).toBe(true);
    expect(
      attrEquals(floatAttr(Number.NaN, f32, 0x7fc00001n), floatAttr(Number.NaN, f32, 0x7fc00002n)),
    ).toBe(false);
    expect(attrEquals(floatAttr(0, f32), floatAttr(-0, f32))).toBe(false);
  });
});

describe('affine maps', () => {
  const min = affineMap(2, 1, [affineSymbol(0), affineBinary('-', affineDim(0), affineDim(1))]);

  it("evaluate the seed's remaining-iterations map", () => {
    // (hi, iv)[step] -> (step, hi - iv)
    expect(evaluateAffineMap(min, [128n, 126n, 4n])).toEqual([4n, 2n]);
    expect(printAffineMap(min)).toBe('affine_map<(d0, d1)[s0] -> (s0, d0 - d1)>');
  });

  it('floordiv, ceildiv and mod round like affine arithmetic', () => {
    const m = affineMap(1, 0, [
      affineBinary('floordiv', affineDim(0), affineConstant(2)),
      affineBinary('ceildiv', affineDim(0), affineConstant(2)),
      affineBinary('mod', affineDim(0), affineConstant(3)),
    ]);
    expect(evaluateAffineMap(m, [-7n])).toEqual([-4n, -3n, 2n]);
    expect(evaluateAffineMap(m, [7n])).toEqual([3n, 4n, 1n]);
    expect(evaluateAffineMap(m, [-6n])).toEqual([-3n, -3n, 0n]);
  });

  it('affine constants are exact bigints within int64', () => {
    const max = 2n ** 63n - 1n;
    const e = affineConstant(max);
    expect(e).toEqual({ kind: 'constant', value: max });
    expect(evaluateAffineMap(affineMap(0, 0, [e]), [])).toEqual([max]);
    expect(affineConstant(2 ** 60)).toEqual({ kind: 'constant', value: 2n ** 60n });
    expect(() => affineConstant(max + 1n)).toThrowError(LoopIrArgumentError);
    expect(() => affineConstant(-max - 2n)).toThrowError(/in the int64 range/);
    expect(() => affineConstant(0.5)).toThrowError(/expected an integer/);
  });

  it('reports wrong operand counts and division by zero', () => {
    expect(() => evaluateAffineMap(min, [1n])).toThrowError(
      expect.objectContaining({ name: 'LoopIrArgumentError', argument: 'operands' }),
    );
    const div0 = affineMap(1, 0, [affineBinary('floordiv', affineDim(0), affineConstant(0))]);
    expect(() => evaluateAffineMap(div0, [1n])).toThrowError(/by zero/);
    expect(() => evaluateAffineMap(div0, [1n])).toThrowError(AffineEvalError);
  });

  it('parses precedence and prints the text mlir-opt-22 prints', () => {
    const text = `func.func @f(%a: index, %b: index) -> index {
  %0 = affine.apply affine_map<(d0, d1) -> ((d0 + d1) * 2 - (d1 - d0) + -d0 mod 3)>(%a, %b)
  return %0 : index
}`;
    const module = parseModule(text);
    const op = module.operations[0]?.regions[0]?.blocks[0]?.operations[0];
    const map = op?.attributes.map;
    if (map?.kind !== 'affineMap') throw new Error('no map');
    // a = 5, b = 2: (7 * 2) - (2 - 5) + ((-5) mod 3) = 14 + 3 + 1 = 18
    expect(evaluateAffineMap(map.map, [5n, 2n])).toEqual([18n]);
    expect(printAffineMap(map.map)).toBe(
      'affine_map<(d0, d1) -> ((d0 + d1) * 2 - (d1 - d0) + (-d0) mod 3)>',
    );
  });
});
