import { describe, expect, it } from 'vitest';
import {
  bitWidth,
  byteWidth,
  formatLayout,
  formatShape,
  PRIMITIVE_TYPES,
  parseLayout,
  parseShape,
  primitiveCategory,
} from '../src/index.js';

/** Bit widths from XLA's primitive_util (PrimitiveTypeBitWidth): pred is 1 bit, MX types their own. */
const XLA_BIT_WIDTHS: Record<string, number> = {
  pred: 1,
  s1: 1,
  s2: 2,
  s4: 4,
  s8: 8,
  s16: 16,
  s32: 32,
  s64: 64,
  u1: 1,
  u2: 2,
  u4: 4,
  u8: 8,
  u16: 16,
  u32: 32,
  u64: 64,
  f16: 16,
  bf16: 16,
  f32: 32,
  f64: 64,
  c64: 64,
  c128: 128,
  f8e5m2: 8,
  f8e4m3: 8,
  f8e4m3fn: 8,
  f8e4m3b11fnuz: 8,
  f8e5m2fnuz: 8,
  f8e4m3fnuz: 8,
  f8e3m4: 8,
  f8e8m0fnu: 8,
  f4e2m1fn: 4,
  f6e2m3fn: 6,
  f6e3m2fn: 6,
  token: 0,
  opaque: 0,
};

describe('primitive types', () => {
  it('knows every XLA type with its bit and byte width', () => {
    expect([...PRIMITIVE_TYPES].sort()).toEqual(Object.keys(XLA_BIT_WIDTHS).sort());
    for (const [type, bits] of Object.entries(XLA_BIT_WIDTHS)) {
      const t = type as (typeof PRIMITIVE_TYPES)[number];
      expect(bitWidth(t), type).toBe(bits);
      expect(byteWidth(t), type).toBe(Math.ceil(bits / 8));
    }
    expect(primitiveCategory('u4')).toBe('unsigned');
    expect(primitiveCategory('bf16')).toBe('float');
  });

  it.each(PRIMITIVE_TYPES.filter((t) => t !== 'token' && t !== 'opaque'))(
    'parses and prints %s arrays',
    (type) => {
      expect(formatShape(`${type}[2,3]`)).toBe(`${type}[2,3]{1,0}`);
      expect(formatShape(`${type.toUpperCase()}[2]`)).toBe(`${type}[2]{0}`);
    },
  );
});

describe('shapes', () => {
  it.each([
    ['f32[]', 'f32[]'],
    ['f32[]{}', null], // '{}' after a shape is not a layout to XLA: trailing content
    ['f32[]{:T(256)}', 'f32[]{:T(256)}'],
    ['s8[0,3]', 's8[0,3]{1,0}'],
    ['f32[<=10, ?, 7]', 'f32[<=10,?,7]{2,1,0}'],
    ['  f32 [ 3 , 5 ] { 0 , 1 : T ( 2 , 2 ) }  ', 'f32[3,5]{0,1:T(2,2)}'],
    ['f32[3]/* one */{0}// trailing comment', 'f32[3]{0}'],
    ['(f32[1], /*index=1*/ token[])', '(f32[1]{0}, token[])'],
    ['()', '()'],
    ['(())', '(())'],
    ['b(s32[4]{0:T(2)})', 'b(s32[4]{0:T(2)})'],
    [
      '(f32[1],f32[2],f32[3],f32[4],f32[5],f32[6],f32[7])',
      '(f32[1]{0}, f32[2]{0}, f32[3]{0}, f32[4]{0}, f32[5]{0}, /*index=5*/f32[6]{0}, f32[7]{0})',
    ],
    ['F32[3,5]{1,0:(2,2)}', 'f32[3,5]{1,0:T(2,2)}'],
    ['BF16[8,256]{1,0:(8,128)(2,1)}', 'bf16[8,256]{1,0:T(8,128)(2,1)}'],
    ['f32[8]{0:D(C+,S~)T(4)}', 'f32[8]{0:T(4)}'], // D(...) is parsed and dropped, as XLA does
    ['f32[8]{0:D()}', 'f32[8]{0}'],
    [
      'u8[8,8]{0,1:T(8,128)L(1024)E(4)S(1)SC(1:2,4)M(8)}',
      'u8[8,8]{0,1:T(8,128)L(1024)E(4)S(1)SC(1:2,4)M(8)}',
    ],
    ['f32[8]{0:L(1)E(0)S(0)M(0)}', 'f32[8]{0}'], // defaults are not printed
    ['f32[4]{0:SC(0:)}', 'f32[4]{0:SC(0:)}'],
  ])('%j prints as %j', (input, expected) => {
    if (expected === null) expect(() => parseShape(input)).toThrow(/end of input/);
    else expect(formatShape(input)).toBe(expected);
  });

  it('fills in the default layout and parses every attribute into the data model', () => {
    expect(parseShape('f32[2,3,4]')).toEqual({
      kind: 'array',
      elementType: 'f32',
      dimensions: [
        { kind: 'static', size: 2 },
        { kind: 'static', size: 3 },
        { kind: 'static', size: 4 },
      ],
      layout: {
        minorToMajor: [2, 1, 0],
        tiles: [],
        tailPaddingAlignmentInElements: 1,
        elementSizeInBits: 0,
        memorySpace: 0,
        splitConfigs: [],
        dynamicShapeMetadataPrefixBytes: 0,
      },
    });
    const layout = parseLayout(
      '{1,0:T(2,*,128)(2,1)L(8)#(u32)*(u16)E(4)S(2)SC(0:3)(1:1,2)P(s32[4]{0})M(16)}',
    );
    expect(layout).toEqual({
      minorToMajor: [1, 0],
      tiles: [
        [2, -1, 128],
        [2, 1],
      ],
      tailPaddingAlignmentInElements: 8,
      indexPrimitiveType: 'u32',
      pointerPrimitiveType: 'u16',
      elementSizeInBits: 4,
      memorySpace: 2,
      splitConfigs: [
        { dimension: 0, splitIndices: [3] },
        { dimension: 1, splitIndices: [1, 2] },
      ],
      physicalShape: parseShape('s32[4]{0}'),
      dynamicShapeMetadataPrefixBytes: 16,
    });
    expect(formatLayout(layout)).toBe(
      '{1,0:T(2,*,128)(2,1)L(8)#(u32)*(u16)E(4)S(2)SC(0:3)(1:1,2)P(s32[4]{0})M(16)}',
    );
  });

  it('prints bare layouts, including the empty one', () => {
    expect(formatLayout('{}')).toBe('{}');
    expect(formatLayout('{:}')).toBe('{}');
    expect(formatLayout('{ 0 : T ( * , 4 ) }')).toBe('{0:T(*,4)}');
  });
});
