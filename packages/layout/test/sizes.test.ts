import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  byteSize,
  expandedShape,
  LayoutValidationError,
  physicalElementCount,
  xlaArraySize,
} from '../src/index.js';
import { zeroElementShapeArb } from './support/zero-element-shapes.js';

describe('expandedShape', () => {
  it.each([
    // minor_to_major only: the permuted logical sizes.
    ['f32[3,5]{0,1}', [5, 3]],
    // A tile shorter than the shape leaves the major dims alone: [2] + (ceil(3/2), ceil(5/2), 2, 2).
    ['f32[2,3,5]{2,1,0:T(2,2)}', [2, 2, 3, 2, 2]],
    // A tile longer than the shape: the scalar acts as [1], padded to [1, 256] then split.
    ['f32[]{:T(256)}', [1, 256]],
    ['f32[5]{0:T(2,4)}', [1, 2, 2, 4]],
    // A later tile reaching into cross-tile dims: (8,128) gives (4,2,8,128); (2,1,1,1) covers all
    // four, splitting the tile-row count 4 into 2 x 2: counts (2,2,8,128), sizes (2,1,1,1).
    ['bf16[32,256]{1,0:T(8,128)(2,1,1,1)}', [2, 2, 8, 128, 2, 1, 1, 1]],
    // '*' merges 2*7*8 = 112 and 11*10 = 110, then tiles by (2,3).
    ['f32[2,7,8,11,10]{4,3,2,1,0:T(*,*,2,*,3)}', [56, 37, 2, 3]],
  ])('%s -> %j', (shape, expected) => {
    expect(expandedShape(shape)).toEqual(expected);
  });
});

describe('physicalElementCount vs xlaArraySize', () => {
  it('counts the padding of every tile level, which ArraySize ignores', () => {
    // (2,4) pads nothing on [4,8]; (3,1) pads the in-tile row dim 2 up to 3: 2*2*(3*4) = 48.
    expect(physicalElementCount('f32[4,8]{1,0:T(2,4)(3,1)}')).toBe(48);
    expect(xlaArraySize('f32[4,8]{1,0:T(2,4)(3,1)}')).toEqual({ elements: 32, bytes: 128 });
  });

  it('applies L to untiled layouts too, which ArraySize does not', () => {
    expect(physicalElementCount('f32[3,5]{1,0:L(8)}')).toBe(16);
    expect(xlaArraySize('f32[3,5]{1,0:L(8)}')).toEqual({ elements: 15, bytes: 60 });
    expect(xlaArraySize('f32[3,5]{1,0:T(2,2)L(7)}')).toEqual({ elements: 28, bytes: 112 });
  });

  it('reduces split dimensions to their largest part in ArraySize (LayoutUtil::MaxSplitSize)', () => {
    // Physical dim 0 (logical 0, size 10) split at 3 and 7: parts 3, 4, 3 -> 4; padded by 2 -> 4.
    expect(xlaArraySize('f32[10,6]{1,0:T(2,2)SC(0:3,7)}')).toEqual({ elements: 4 * 6, bytes: 96 });
    expect(physicalElementCount('f32[10,6]{1,0:T(2,2)SC(0:3,7)}')).toBe(60);
  });

  it('uses the bound of a bounded dynamic dimension and rejects an unbounded one', () => {
    expect(physicalElementCount('f32[<=5,3]{1,0:T(2,2)}')).toBe(3 * 2 * 4);
    expect(() => physicalElementCount('f32[?,3]')).toThrow(LayoutValidationError);
    expect(() => xlaArraySize('f32[?,3]')).toThrow(/unbounded/);
  });
});

describe('byteSize', () => {
  it.each([
    ['f32[3,5]{1,0:T(2,2)}', 24 * 4],
    ['f32[3,5]{1,0:T(2,2)L(7)}', 28 * 4],
    ['c128[2]', 32],
    // Sub-byte types without E take a byte each, as in XLA.
    ['s4[3,5]{1,0}', 15],
    // E(4) packs two per byte: 15 elements -> ceil(60/8) = 8 bytes.
    ['s4[3,5]{1,0:E(4)}', 8],
    ['pred[10]{0:E(1)}', 2],
    ['u2[4,4]{1,0:T(2,4)E(2)}', 4],
    // E can also widen: 8192 slots of 32 bits.
    ['pred[8,8,8]{0,2,1:T(8,128)E(32)}', 32768],
    ['f32[4,8]{1,0:T(2,4)(3,1)}', 48 * 4],
    ['bf16[]', 2],
  ])('%s -> %i bytes', (shape, bytes) => {
    expect(byteSize(shape)).toBe(bytes);
  });

  it('rejects non-array shapes', () => {
    expect(() => byteSize('(f32[2], s8[3])')).toThrow(/tuple/);
    expect(() => byteSize('token[]')).toThrow(LayoutValidationError);
    expect(byteSize('b(f32[3])')).toBe(12);
  });
});

describe('sizes near and past 2^53 are exact or a typed error', () => {
  const MAX = BigInt(Number.MAX_SAFE_INTEGER);

  it('byteSize and xlaArraySize of s4[2^53-1]{0:E(7)} are exact, not off by one', () => {
    // ceil((2^53-1) * 7 / 8) in bigint: the float product 7*(2^53-1) rounds.
    const expected = Number(((MAX * 7n + 7n) / 8n).toString());
    expect(byteSize('s4[9007199254740991]{0:E(7)}')).toBe(expected);
    expect(xlaArraySize('s4[9007199254740991]{0:E(7)}')).toEqual({
      elements: Number.MAX_SAFE_INTEGER,
      bytes: expected,
    });
    expect(xlaArraySize('s4[9007199254740991]{0:T(1)E(7)}').bytes).toBe(expected);
  });

  it.each([
    // 8 * (2^53-1) bytes: the elements fit, the bytes do not.
    ['byteSize', () => byteSize('f64[9007199254740991]'), 'byte size'],
    ['xlaArraySize', () => xlaArraySize('f64[9007199254740991]'), 'byte size'],
    ['xlaArraySize (tiled)', () => xlaArraySize('f32[9007199254740991]{0:T(1)}'), 'byte size'],
    // Padding by L pushes the count past 2^53-1.
    ['physicalElementCount', () => physicalElementCount('u8[9007199254740991]{0:L(2)}'), '2^53-1'],
    ['byteSize (via L)', () => byteSize('u8[9007199254740991]{0:L(2)}'), '2^53-1'],
    ['expandedShape (via tiles)', () => expandedShape('u8[9007199254740991]{0:T(2)}'), '2^53-1'],
    // Zero elements, but '*' folds two 2^53-1 dimensions into one past 2^53.
    [
      'expandedShape (via *)',
      () => expandedShape('u8[0,9007199254740991,9007199254740991]{2,1,0:T(*,1)}'),
      '2^53-1',
    ],
  ])('%s past 2^53-1 throws LayoutValidationError', (_, call, message) => {
    expect(call).toThrow(LayoutValidationError);
    expect(call).toThrow(message);
  });
});

describe('a shape with a zero dimension has size 0, however its other products overflow', () => {
  const sizes = (shape: string) => ({
    physicalElementCount: physicalElementCount(shape),
    byteSize: byteSize(shape),
    xlaArraySize: xlaArraySize(shape),
  });
  const ZERO = { physicalElementCount: 0, byteSize: 0, xlaArraySize: { elements: 0, bytes: 0 } };

  it.each([
    // '*' folds two 2^53-1 dimensions into one past 2^53 before the zero is reached.
    'u8[0,9007199254740991,9007199254740991]{2,1,0:T(*,1)}',
    's64[2147483647,2147483647,4294967299,0]{2,3,0,1:T(2,128,2,128,5)(*,1,8)(1)L(3)}',
    'f64[9007199254740991,0]{0,1:T(*,2)(2)E(64)}',
  ])('%s', (shape) => {
    expect(sizes(shape)).toEqual(ZERO);
  });

  it('random zero-element shapes: every size is 0 (the element count of any product with a 0)', () => {
    const arbDim = fc.oneof(
      fc.constantFrom(1, 2, 7, 2147483647, 4294967299, 9007199254740991),
      fc.integer({ min: 1, max: 64 }),
    );
    const arbShapeText = zeroElementShapeArb({
      otherDims: arbDim,
      tile: fc
        .array(fc.constantFrom('1', '2', '5', '128', '*'), { minLength: 1, maxLength: 6 })
        .map((tile) => [...tile.slice(0, -1), '3']),
      maxTiles: 3,
      tails: ['', 'L(3)', 'E(4)', 'L(1024)E(64)'],
      type: fc.constant('s8'),
    });
    fc.assert(
      fc.property(arbShapeText, (shape) => {
        expect(sizes(shape)).toEqual(ZERO);
      }),
      { seed: 13, numRuns: 500 },
    );
  });
});
