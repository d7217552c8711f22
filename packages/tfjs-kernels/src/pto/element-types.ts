/**
 * What each PTO element and index type is, as data: its width, the tfjs dtype that carries it,
 * and which values it admits.
 */

import { INT32_MAX } from '@tilekit/errors';
import { isBFloat16Exact, isFloat16Exact } from './half-float.js';
import type { ElementType, IndexType } from './pto-types.js';

/** tfjs dtypes that can carry tile data. */
export type TileDtype = 'float32' | 'int32';

/** Facts about one element or index type. */
export interface TileTypeInfo {
  /** Size in bytes, as `sizeof` in PTO's C++ tiles. */
  readonly bytes: 1 | 2 | 4;
  /** The tfjs dtype whose tensors carry values of this type. */
  readonly dtype: TileDtype;
  /** The C++ type PTO's documentation names. */
  readonly cType: string;
  /** What the type admits, in words (quoted by `TileValueError`). */
  readonly admits: string;
  /** Whether a value (already read from the carrying tensor) fits the type. */
  readonly fits: (value: number) => boolean;
  /**
   * Whether every value the carrying dtype can hold fits the type, so the values need no scan
   * (s32 in int32, f32 in float32). Kept as data: the kernels test it before their hot loops.
   */
  readonly carrierFits: boolean;
}

const integerRange = (min: number, max: number) => (value: number) =>
  Number.isInteger(value) && value >= min && value <= max;

function integerType(bytes: 1 | 2 | 4, signed: boolean, cType: string): TileTypeInfo {
  const bits = bytes * 8;
  const min = signed ? -(2 ** (bits - 1)) : 0;
  const max = signed ? 2 ** (bits - 1) - 1 : 2 ** bits - 1;
  return {
    bytes,
    dtype: 'int32',
    cType,
    admits: `integers ${min}..${max}`,
    fits: integerRange(min, max),
    carrierFits: min <= -INT32_MAX - 1 && max >= INT32_MAX,
  };
}

/** Every element type PTO's TSCATTER accepts. */
export const ELEMENT_TYPE_INFO: Readonly<Record<ElementType, TileTypeInfo>> = {
  s8: integerType(1, true, 'int8_t'),
  u8: integerType(1, false, 'uint8_t'),
  s16: integerType(2, true, 'int16_t'),
  u16: integerType(2, false, 'uint16_t'),
  s32: integerType(4, true, 'int32_t'),
  u32: integerType(4, false, 'uint32_t'),
  f16: {
    bytes: 2,
    dtype: 'float32',
    cType: 'half',
    admits: 'values exactly representable in IEEE binary16, |x| <= 65504 or non-finite',
    fits: isFloat16Exact,
    carrierFits: false,
  },
  bf16: {
    bytes: 2,
    dtype: 'float32',
    cType: 'bfloat16_t',
    admits: 'values exactly representable in bfloat16 (8 significant bits)',
    fits: isBFloat16Exact,
    carrierFits: false,
  },
  f32: {
    bytes: 4,
    dtype: 'float32',
    cType: 'float32_t',
    admits: 'any float32',
    fits: () => true,
    carrierFits: true,
  },
};

/** Every index type PTO's TSCATTER accepts (carried by int32 tensors). */
export const INDEX_TYPE_INFO: Readonly<Record<IndexType, TileTypeInfo>> = {
  s16: integerType(2, true, 'int16_t'),
  u16: integerType(2, false, 'uint16_t'),
  s32: integerType(4, true, 'int32_t'),
  u32: integerType(4, false, 'uint32_t'),
};

/** The element type a tensor of `dtype` declares when the caller names none. */
export const DEFAULT_ELEMENT_TYPE: Readonly<Record<TileDtype, ElementType>> = {
  float32: 'f32',
  int32: 's32',
};
