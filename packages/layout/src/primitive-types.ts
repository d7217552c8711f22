import { describeValue } from '@tilekit/errors';
import { LayoutValidationError } from './errors.js';
import type { PrimitiveType } from './types.js';

/** How XLA classifies an element type (primitive_util's Is*Type predicates). */
export type PrimitiveCategory =
  | 'pred'
  | 'signed'
  | 'unsigned'
  | 'float'
  | 'complex'
  | 'token'
  | 'opaque';

interface PrimitiveInfo {
  readonly category: PrimitiveCategory;
  /** primitive_util::BitWidth; 0 for token and opaque, which are not array types. */
  readonly bits: number;
}

/**
 * Every primitive type XLA's text format names, with its bit width as primitive_util reports
 * it (pred is 1 bit; MX/f4 types their true width). Rules as data: one row per type.
 */
const PRIMITIVES: Readonly<Record<PrimitiveType, PrimitiveInfo>> = {
  pred: { category: 'pred', bits: 1 },
  s1: { category: 'signed', bits: 1 },
  s2: { category: 'signed', bits: 2 },
  s4: { category: 'signed', bits: 4 },
  s8: { category: 'signed', bits: 8 },
  s16: { category: 'signed', bits: 16 },
  s32: { category: 'signed', bits: 32 },
  s64: { category: 'signed', bits: 64 },
  u1: { category: 'unsigned', bits: 1 },
  u2: { category: 'unsigned', bits: 2 },
  u4: { category: 'unsigned', bits: 4 },
  u8: { category: 'unsigned', bits: 8 },
  u16: { category: 'unsigned', bits: 16 },
  u32: { category: 'unsigned', bits: 32 },
  u64: { category: 'unsigned', bits: 64 },
  f16: { category: 'float', bits: 16 },
  bf16: { category: 'float', bits: 16 },
  f32: { category: 'float', bits: 32 },
  f64: { category: 'float', bits: 64 },
  c64: { category: 'complex', bits: 64 },
  c128: { category: 'complex', bits: 128 },
  f8e5m2: { category: 'float', bits: 8 },
  f8e4m3: { category: 'float', bits: 8 },
  f8e4m3fn: { category: 'float', bits: 8 },
  f8e4m3b11fnuz: { category: 'float', bits: 8 },
  f8e5m2fnuz: { category: 'float', bits: 8 },
  f8e4m3fnuz: { category: 'float', bits: 8 },
  f8e3m4: { category: 'float', bits: 8 },
  f8e8m0fnu: { category: 'float', bits: 8 },
  f4e2m1fn: { category: 'float', bits: 4 },
  f6e2m3fn: { category: 'float', bits: 6 },
  f6e3m2fn: { category: 'float', bits: 6 },
  token: { category: 'token', bits: 0 },
  opaque: { category: 'opaque', bits: 0 },
};

/** All primitive type names, in XLA's text spelling. */
export const PRIMITIVE_TYPES: readonly PrimitiveType[] = Object.keys(PRIMITIVES) as PrimitiveType[];

/**
 * Looks a type name up case-insensitively (`F32` is the seed document's spelling of `f32`).
 * Returns undefined for anything that is not a primitive type.
 */
export function primitiveTypeFromName(name: string): PrimitiveType | undefined {
  const lower = name.toLowerCase();
  return Object.hasOwn(PRIMITIVES, lower) ? (lower as PrimitiveType) : undefined;
}

/**
 * The XLA spelling of an element type written the way tfjs, NumPy or MLIR write it (`int32` is
 * `s32`, `float32` is `f32`, `bool` is `pred`, MLIR's `i32` is `s32`), for a hint in a syntax
 * error; undefined when `name` is no such spelling.
 */
export function xlaSpellingOf(name: string): PrimitiveType | undefined {
  const lower = name.toLowerCase();
  if (lower === 'bool' || lower === 'i1') return 'pred';
  if (lower === 'bfloat16') return 'bf16';
  if (lower === 'complex64') return 'c64';
  if (lower === 'complex128') return 'c128';
  const match = /^(int|uint|float|i|ui)(\d+)$/.exec(lower);
  if (match === null) return undefined;
  const [, family, bits] = match;
  const letter = family === 'float' ? 'f' : family === 'uint' || family === 'ui' ? 'u' : 's';
  return primitiveTypeFromName(`${letter}${bits}`);
}

/**
 * The row of `type`, which a caller passed.
 * @throws LayoutValidationError naming `type` when it is not one of the names in PRIMITIVES.
 */
function infoOf(type: PrimitiveType): PrimitiveInfo {
  if (typeof type !== 'string' || !Object.hasOwn(PRIMITIVES, type)) {
    throw new LayoutValidationError(
      'type',
      `expected a primitive type name in XLA's spelling (PRIMITIVE_TYPES), got ${describeValue(type)}`,
    );
  }
  return PRIMITIVES[type];
}

/**
 * primitive_util::BitWidth (0 for token/opaque).
 * @throws LayoutValidationError when `type` is not a primitive type name.
 */
export function bitWidth(type: PrimitiveType): number {
  return infoOf(type).bits;
}

/**
 * primitive_util::ByteWidth: bytes XLA uses per element when no `E(n)` packs them.
 * @throws LayoutValidationError when `type` is not a primitive type name.
 */
export function byteWidth(type: PrimitiveType): number {
  return Math.ceil(infoOf(type).bits / 8);
}

/**
 * XLA's category of a type.
 * @throws LayoutValidationError when `type` is not a primitive type name.
 */
export function primitiveCategory(type: PrimitiveType): PrimitiveCategory {
  return infoOf(type).category;
}

/** True for the element types an array may hold (everything but token and opaque). */
export function isArrayType(type: PrimitiveType): boolean {
  const category = PRIMITIVES[type].category;
  return category !== 'token' && category !== 'opaque';
}
