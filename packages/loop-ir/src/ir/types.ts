/**
 * MLIR builtin types used by the loop IR. Types are small frozen structural values:
 * compare them with {@link typeEquals}, never with `===`.
 */

import { LoopIrError } from '../loop-ir-error.js';

/** The machine-independent `index` type. */
export interface IndexType {
  readonly kind: 'index';
}

/** Signless integer `iN` (i1 is the boolean / mask element type). */
export interface IntegerType {
  readonly kind: 'integer';
  readonly width: number;
}

/** Float formats the interpreter implements bit-exactly. */
export type FloatFormat = 'f16' | 'bf16' | 'f32' | 'f64';

/** IEEE (or bfloat) float type. */
export interface FloatType {
  readonly kind: 'float';
  readonly format: FloatFormat;
}

/** Fixed or scalable vector: `vector<4xf32>`, `vector<[4]xf32>`, `vector<2x[4]xi1>`. */
export interface VectorType {
  readonly kind: 'vector';
  readonly shape: readonly number[];
  /** One flag per dimension; `true` means the size is multiplied by `vector.vscale`. */
  readonly scalableDims: readonly boolean[];
  readonly element: ScalarType;
}

/** A dynamic (`?`) or static memref dimension. */
export type MemRefDim = number | '?';

/**
 * A strided layout, `strided<[s0, s1], offset: o>`: element (i, j) lives at
 * `offset + i * s0 + j * s1` of the underlying buffer. `'?'` marks a dynamic entry.
 */
export interface StridedLayout {
  readonly strides: readonly MemRefDim[];
  readonly offset: MemRefDim;
}

/**
 * A memref in the default memory space: `memref<?xf32>`, `memref<4x8xi32>`, or with a
 * strided layout `memref<?xf32, strided<[2]>>` (views such as matrix columns).
 */
export interface MemRefType {
  readonly kind: 'memref';
  readonly shape: readonly MemRefDim[];
  readonly element: ScalarType | VectorType;
  /** Absent for the identity (row-major, contiguous) layout. */
  readonly layout?: StridedLayout;
}

/** `(inputs) -> results`, used by `func.func` signatures and generic op syntax. */
export interface FunctionType {
  readonly kind: 'function';
  readonly inputs: readonly Type[];
  readonly results: readonly Type[];
}

/** Types that may appear as vector elements. */
export type ScalarType = IndexType | IntegerType | FloatType;

/** Any type of the IR. */
export type Type = ScalarType | VectorType | MemRefType | FunctionType;

/** Raised when a type is constructed from an impossible description. */
export class InvalidTypeError extends LoopIrError {
  override readonly name = 'InvalidTypeError';
}

const INTEGER_WIDTHS = new Set([1, 8, 16, 32, 64]);

/** The `index` type. */
export const index: IndexType = Object.freeze({ kind: 'index' });

/** `iN` for N in 1, 8, 16, 32, 64. */
export function integer(width: number): IntegerType {
  if (!INTEGER_WIDTHS.has(width)) {
    throw new InvalidTypeError(`integer width must be one of 1, 8, 16, 32, 64, got ${width}`);
  }
  return Object.freeze({ kind: 'integer', width });
}

/** A float type of the given format. */
export function float(format: FloatFormat): FloatType {
  return Object.freeze({ kind: 'float', format });
}

export const i1 = integer(1);
export const i8 = integer(8);
export const i16 = integer(16);
export const i32 = integer(32);
export const i64 = integer(64);
export const f16 = float('f16');
export const bf16 = float('bf16');
export const f32 = float('f32');
export const f64 = float('f64');

/**
 * A vector type. `shape` may be a single length; `scalable` marks scalable dimensions
 * (a boolean applies to every dimension).
 */
export function vectorOf(
  shape: number | readonly number[],
  element: ScalarType,
  scalable: boolean | readonly boolean[] = false,
): VectorType {
  const dims = typeof shape === 'number' ? [shape] : [...shape];
  const flags = typeof scalable === 'boolean' ? dims.map(() => scalable) : [...scalable];
  if (dims.length === 0)
    throw new InvalidTypeError('vector shape must have at least one dimension');
  if (dims.some((d) => !Number.isInteger(d) || d <= 0)) {
    throw new InvalidTypeError(`vector dimensions must be positive integers, got [${dims}]`);
  }
  if (flags.length !== dims.length) {
    throw new InvalidTypeError('vector scalable flags must match the number of dimensions');
  }
  return Object.freeze({
    kind: 'vector',
    shape: Object.freeze(dims),
    scalableDims: Object.freeze(flags),
    element,
  });
}

/** A memref type; `'?'` marks a dynamic dimension. */
export function memrefOf(
  shape: MemRefDim | readonly MemRefDim[],
  element: ScalarType | VectorType,
  layout?: StridedLayout,
): MemRefType {
  const dims = Array.isArray(shape) ? [...(shape as readonly MemRefDim[])] : [shape as MemRefDim];
  if (dims.some((d) => d !== '?' && (!Number.isInteger(d) || d < 0))) {
    throw new InvalidTypeError(`memref dimensions must be '?' or non-negative integers`);
  }
  if (layout === undefined)
    return Object.freeze({ kind: 'memref', shape: Object.freeze(dims), element });
  if (layout.strides.length !== dims.length) {
    throw new InvalidTypeError('a strided layout needs one stride per memref dimension');
  }
  const frozen = Object.freeze({
    strides: Object.freeze([...layout.strides]),
    offset: layout.offset,
  });
  return Object.freeze({ kind: 'memref', shape: Object.freeze(dims), element, layout: frozen });
}

/** A function type. */
export function functionType(inputs: readonly Type[], results: readonly Type[]): FunctionType {
  return Object.freeze({
    kind: 'function',
    inputs: Object.freeze([...inputs]),
    results: Object.freeze([...results]),
  });
}

/** Structural type equality. */
export function typeEquals(a: Type, b: Type): boolean {
  if (a === b) return true;
  switch (a.kind) {
    case 'index':
      return b.kind === 'index';
    case 'integer':
      return b.kind === 'integer' && a.width === b.width;
    case 'float':
      return b.kind === 'float' && a.format === b.format;
    case 'vector':
      return (
        b.kind === 'vector' &&
        arrayEquals(a.shape, b.shape) &&
        arrayEquals(a.scalableDims, b.scalableDims) &&
        typeEquals(a.element, b.element)
      );
    case 'memref':
      return (
        b.kind === 'memref' &&
        arrayEquals(a.shape, b.shape) &&
        typeEquals(a.element, b.element) &&
        layoutEquals(a.layout, b.layout)
      );
    case 'function':
      return (
        b.kind === 'function' &&
        a.inputs.length === b.inputs.length &&
        a.results.length === b.results.length &&
        a.inputs.every((t, i) => typeEquals(t, b.inputs[i] as Type)) &&
        a.results.every((t, i) => typeEquals(t, b.results[i] as Type))
      );
  }
}

function layoutEquals(a: StridedLayout | undefined, b: StridedLayout | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.offset === b.offset && arrayEquals(a.strides, b.strides);
}

function arrayEquals<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** True for scalar element types (index, integers, floats). */
export function isScalar(t: Type): t is ScalarType {
  return t.kind === 'index' || t.kind === 'integer' || t.kind === 'float';
}

/** The element type of a vector, or the type itself for scalars ("element-wise" view). */
export function elementTypeOf(t: Type): Type {
  return t.kind === 'vector' || t.kind === 'memref' ? t.element : t;
}

/**
 * `vector<...xi1>` with the same shape as `t` when `t` is a vector, else `i1`:
 * the result type of comparisons and the type of select conditions.
 */
export function boolLike(t: Type): Type {
  return t.kind === 'vector' ? vectorOf(t.shape, i1, t.scalableDims) : i1;
}

/** Bit width of a scalar element; `index` is treated as 64 bits, as on every host MLIR targets here. */
export function bitWidth(t: ScalarType): number {
  if (t.kind === 'index') return 64;
  if (t.kind === 'integer') return t.width;
  return t.format === 'f64' ? 64 : t.format === 'f32' ? 32 : 16;
}
