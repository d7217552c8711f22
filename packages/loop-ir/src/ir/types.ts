/**
 * MLIR builtin types used by the loop IR. Types are small frozen structural values:
 * compare them with {@link typeEquals}, never with `===`.
 */

import { expectArray, expectTypes } from '../argument-checks.js';
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { MAX_NESTING_DEPTH } from '../parse/nesting.js';
import {
  expectBoolean,
  expectScalarType,
  expectType,
  INTEGER_WIDTHS,
} from '../value-argument-checks.js';
import type {
  FloatFormat,
  FloatType,
  FunctionType,
  IndexType,
  IntegerType,
  MemRefDim,
  MemRefType,
  ScalarType,
  StridedLayout,
  Type,
  VectorType,
} from './type-shapes.js';

export type * from './type-shapes.js';

/**
 * Raised when a type is constructed from an impossible description (`integer(7)`, a vector of
 * no dimensions): an argument error naming the argument at fault.
 */
export class InvalidTypeError extends LoopIrArgumentError {
  override readonly name = 'InvalidTypeError';
}

/** The `index` type. */
export const index: IndexType = Object.freeze({ kind: 'index' });

/** `iN` for N in 1, 8, 16, 32, 64. */
export function integer(width: number): IntegerType {
  if (!INTEGER_WIDTHS.has(width)) {
    throw new InvalidTypeError('width', 'one of 1, 8, 16, 32, 64', width);
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

/** Dimensions one vector or memref type may have before it is refused (far above any real one). */
const MAX_RANK = 1 << 10;

/**
 * `shape` as a list of dimensions (a single one for a number or `'?'`), each accepted by
 * `isDim`; `expected` says what a dimension is.
 */
function dimensionsOf<D>(shape: unknown, isDim: (d: unknown) => d is D, expected: string): D[] {
  if (!Array.isArray(shape)) {
    if (!isDim(shape))
      throw new InvalidTypeError('shape', `${expected}, or an array of them`, shape);
    return [shape];
  }
  if (shape.length > MAX_RANK) {
    throw new InvalidTypeError('shape', `an array of at most ${MAX_RANK} dimensions`, shape);
  }
  const dims: D[] = [];
  for (let i = 0; i < shape.length; i++) {
    const d: unknown = shape[i];
    if (!isDim(d)) throw new InvalidTypeError(`shape[${i}]`, expected, d);
    dims.push(d);
  }
  return dims;
}

const isVectorDim = (d: unknown): d is number => Number.isInteger(d) && (d as number) > 0;
const isMemRefDim = (d: unknown): d is MemRefDim =>
  d === '?' || (Number.isInteger(d) && (d as number) >= 0);

/**
 * A vector type. `shape` may be a single length; `scalable` marks scalable dimensions
 * (a boolean applies to every dimension).
 * @throws InvalidTypeError for a shape of no dimensions or of dimensions that are not positive
 *   integers, scalable flags that do not match it, or an element that is not a scalar type.
 */
export function vectorOf(
  shape: number | readonly number[],
  element: ScalarType,
  scalable: boolean | readonly boolean[] = false,
): VectorType {
  const dims = dimensionsOf(
    shape,
    isVectorDim,
    'a dimension (vector dimensions are positive integers)',
  );
  if (dims.length === 0) throw new InvalidTypeError('shape', 'at least one dimension', shape);
  expectScalarType(element, 'element');
  let flags: boolean[];
  if (typeof scalable === 'boolean') flags = dims.map(() => scalable);
  else {
    expectArray(scalable, 'scalable', 'a boolean or an array of booleans');
    if (scalable.length !== dims.length) {
      throw new InvalidTypeError(
        'scalable',
        `scalable flags matching the number of dimensions (${dims.length})`,
        scalable,
      );
    }
    flags = [];
    for (let i = 0; i < scalable.length; i++) {
      const flag: unknown = scalable[i];
      expectBoolean(flag, `scalable[${i}]`);
      flags.push(flag);
    }
  }
  return Object.freeze({
    kind: 'vector',
    shape: Object.freeze(dims),
    scalableDims: Object.freeze(flags),
    element,
  });
}

/**
 * A memref type; `'?'` marks a dynamic dimension.
 * @throws InvalidTypeError for dimensions or strides that are not `'?'` or non-negative
 *   integers, a layout without one stride per dimension, or an element that is not a scalar or
 *   vector type.
 */
export function memrefOf(
  shape: MemRefDim | readonly MemRefDim[],
  element: ScalarType | VectorType,
  layout?: StridedLayout,
): MemRefType {
  const dims = dimensionsOf(
    shape,
    isMemRefDim,
    "a dimension (memref dimensions are '?' or non-negative integers)",
  );
  expectType(element, 'element');
  if (element.kind !== 'vector' && !isScalar(element)) {
    throw new InvalidTypeError('element', 'a scalar or vector type', element);
  }
  if (layout === undefined)
    return Object.freeze({ kind: 'memref', shape: Object.freeze(dims), element });
  if (typeof layout !== 'object' || layout === null || !Array.isArray(layout.strides)) {
    throw new InvalidTypeError(
      'layout',
      'a strided layout ({ strides, offset }) or undefined',
      layout,
    );
  }
  if (layout.strides.length !== dims.length) {
    throw new InvalidTypeError('layout.strides', 'one stride per memref dimension', layout.strides);
  }
  for (let i = 0; i < layout.strides.length; i++) {
    const stride: unknown = layout.strides[i];
    if (!isStride(stride))
      throw new InvalidTypeError(`layout.strides[${i}]`, "'?' or an integer", stride);
  }
  if (!isStride(layout.offset)) {
    throw new InvalidTypeError('layout.offset', "'?' or an integer", layout.offset);
  }
  const frozen = Object.freeze({
    strides: Object.freeze([...layout.strides]),
    offset: layout.offset,
  });
  return Object.freeze({ kind: 'memref', shape: Object.freeze(dims), element, layout: frozen });
}

const isStride = (d: unknown): d is MemRefDim => d === '?' || Number.isInteger(d);

/**
 * A function type.
 * @throws LoopIrArgumentError when `inputs` or `results` is no array of types.
 */
export function functionType(inputs: readonly Type[], results: readonly Type[]): FunctionType {
  expectTypes(inputs, 'inputs');
  expectTypes(results, 'results');
  return Object.freeze({
    kind: 'function',
    inputs: Object.freeze([...inputs]),
    results: Object.freeze([...results]),
  });
}

/**
 * Function types nested in function types a comparison or printer follows before it refuses:
 * the parser's own limit, so that whatever parses also prints and compares (a cyclic type
 * reaches it too).
 */
export const MAX_TYPE_DEPTH = MAX_NESTING_DEPTH;

/**
 * Structural type equality.
 * @throws LoopIrArgumentError when `a` or `b` is no type.
 */
export function typeEquals(a: Type, b: Type): boolean {
  return sameType(a, b, 'a', 'b', 0);
}

/** `typeEquals`, checking each type it compares; `left` and `right` name the arguments. */
function sameType(a: Type, b: Type, left: string, right: string, depth: number): boolean {
  expectType(a, left);
  expectType(b, right);
  if (a === b) return true;
  if (depth > MAX_TYPE_DEPTH) {
    throw new LoopIrArgumentError(left, `a Type nested at most ${MAX_TYPE_DEPTH} deep`, a);
  }
  const next = depth + 1;
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
        sameType(a.element, b.element, left, right, next)
      );
    case 'memref':
      return (
        b.kind === 'memref' &&
        arrayEquals(a.shape, b.shape) &&
        sameType(a.element, b.element, left, right, next) &&
        layoutEquals(a.layout, b.layout)
      );
    case 'function':
      return (
        b.kind === 'function' &&
        a.inputs.length === b.inputs.length &&
        a.results.length === b.results.length &&
        sameTypes(a.inputs, b.inputs, left, right, next) &&
        sameTypes(a.results, b.results, left, right, next)
      );
  }
}

/** `sameType` of the types of two lists of one length. */
function sameTypes(
  a: readonly Type[],
  b: readonly Type[],
  left: string,
  right: string,
  depth: number,
): boolean {
  for (let i = 0; i < a.length; i++) {
    if (!sameType(a[i] as Type, b[i] as Type, left, right, depth)) return false;
  }
  return true;
}

function layoutEquals(a: StridedLayout | undefined, b: StridedLayout | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  return a.offset === b.offset && arrayEquals(a.strides, b.strides);
}

function arrayEquals<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * True for scalar element types (index, integers, floats).
 * @throws LoopIrArgumentError when `t` is no type.
 */
export function isScalar(t: Type): t is ScalarType {
  expectType(t, 't');
  return t.kind === 'index' || t.kind === 'integer' || t.kind === 'float';
}

/**
 * The element type of a vector, or the type itself for scalars ("element-wise" view).
 * @throws LoopIrArgumentError when `t` is no type.
 */
export function elementTypeOf(t: Type): Type {
  expectType(t, 't');
  return t.kind === 'vector' || t.kind === 'memref' ? t.element : t;
}

/**
 * `vector<...xi1>` with the same shape as `t` when `t` is a vector, else `i1`:
 * the result type of comparisons and the type of select conditions.
 * @throws LoopIrArgumentError when `t` is no type.
 */
export function boolLike(t: Type): Type {
  expectType(t, 't');
  return t.kind === 'vector' ? vectorOf(t.shape, i1, t.scalableDims) : i1;
}

/**
 * Bit width of a scalar element; `index` is treated as 64 bits, as on every host MLIR targets here.
 * @throws LoopIrArgumentError when `t` is no scalar type.
 */
export function bitWidth(t: ScalarType): number {
  expectScalarType(t, 't');
  if (t.kind === 'index') return 64;
  if (t.kind === 'integer') return t.width;
  return t.format === 'f64' ? 64 : t.format === 'f32' ? 32 : 16;
}
