/**
 * The checks of the values loop-ir's functions take (numbers, float formats, types,
 * attributes): one that is not what a function takes is a {@link LoopIrArgumentError} naming
 * it before any work starts. Each check looks at a fixed number of fields (a type's `kind` and
 * the fields that kind holds, never an array's elements), so the functions that run in the
 * interpreter's and the engines' loops (`laneCount`, `roundToFormat`, `typeEquals`) can afford it.
 */
import type { Attribute } from './ir/attribute-shapes.js';
import type { FloatFormat, IntegerType, ScalarType, Type, VectorType } from './ir/type-shapes.js';
import { LoopIrArgumentError } from './loop-ir-argument-error.js';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The widths of `iN` types. */
export const INTEGER_WIDTHS: ReadonlySet<unknown> = new Set([1, 8, 16, 32, 64]);
const FLOAT_FORMATS: ReadonlySet<unknown> = new Set(['f16', 'bf16', 'f32', 'f64']);
const SCALAR_KINDS: ReadonlySet<unknown> = new Set(['index', 'integer', 'float']);

/** `value` is a number (NaN and infinities included). */
export function expectNumber(value: unknown, argument: string): asserts value is number {
  if (typeof value !== 'number') throw new LoopIrArgumentError(argument, 'a number', value);
}

/** `value` is a boolean. */
export function expectBoolean(value: unknown, argument: string): asserts value is boolean {
  if (typeof value !== 'boolean') throw new LoopIrArgumentError(argument, 'a boolean', value);
}

/** `value` is a safe integer of at least `min` (a count, a lane count, a vscale). */
export function expectInteger(
  value: unknown,
  argument: string,
  min: number,
): asserts value is number {
  if (!Number.isSafeInteger(value) || (value as number) < min) {
    throw new LoopIrArgumentError(argument, `an integer of at least ${min}`, value);
  }
}

/** `value` is one of the float formats: `f16`, `bf16`, `f32` or `f64`. */
export function expectFloatFormat(value: unknown, argument: string): asserts value is FloatFormat {
  if (!FLOAT_FORMATS.has(value)) {
    throw new LoopIrArgumentError(
      argument,
      "a float format ('f16', 'bf16', 'f32' or 'f64')",
      value,
    );
  }
}

/**
 * Why `value` is not a type, or undefined when it is one: an object whose `kind` is a type's and
 * whose fields are what that kind holds (arrays are arrays; a vector's element is a scalar type,
 * a memref's an object with a kind: nested types are checked where they are used).
 */
function typeProblem(value: unknown): string | undefined {
  if (!isObject(value)) return 'a Type (from parseType, or i32, f32, vectorOf ...)';
  switch (value.kind) {
    case 'index':
      return undefined;
    case 'integer':
      return INTEGER_WIDTHS.has(value.width)
        ? undefined
        : 'an integer type of width 1, 8, 16, 32 or 64';
    case 'float':
      return FLOAT_FORMATS.has(value.format)
        ? undefined
        : 'a float type of format f16, bf16, f32 or f64';
    case 'vector':
      return Array.isArray(value.shape) &&
        Array.isArray(value.scalableDims) &&
        isObject(value.element) &&
        SCALAR_KINDS.has(value.element.kind)
        ? undefined
        : 'a vector type (shape, scalableDims and a scalar element type)';
    case 'memref':
      return Array.isArray(value.shape) &&
        isObject(value.element) &&
        typeof value.element.kind === 'string' &&
        (value.layout === undefined ||
          (isObject(value.layout) && Array.isArray(value.layout.strides)))
        ? undefined
        : 'a memref type (shape, element type and an optional strided layout)';
    case 'function':
      return Array.isArray(value.inputs) && Array.isArray(value.results)
        ? undefined
        : 'a function type (input and result type arrays)';
    default:
      return "a Type (kind 'index', 'integer', 'float', 'vector', 'memref' or 'function')";
  }
}

/** `value` is a type (see {@link typeProblem} for how far it is looked into). */
export function expectType(value: unknown, argument: string): asserts value is Type {
  const problem = typeProblem(value);
  if (problem !== undefined) throw new LoopIrArgumentError(argument, problem, value);
}

/** `value` is a scalar type: `index`, `iN` or a float type. */
export function expectScalarType(value: unknown, argument: string): asserts value is ScalarType {
  expectType(value, argument);
  if (!SCALAR_KINDS.has(value.kind)) {
    throw new LoopIrArgumentError(argument, 'a scalar type (index, iN or a float type)', value);
  }
}

/** `value` is an integer type `iN`. */
export function expectIntegerType(value: unknown, argument: string): asserts value is IntegerType {
  expectType(value, argument);
  if (value.kind !== 'integer') throw new LoopIrArgumentError(argument, 'an integer type', value);
}

/** `value` is a vector type. */
export function expectVectorType(value: unknown, argument: string): asserts value is VectorType {
  expectType(value, argument);
  if (value.kind !== 'vector') throw new LoopIrArgumentError(argument, 'a vector type', value);
}

/** A check of one field of an attribute and what it expects there. */
type FieldCheck = readonly [test: (v: unknown) => boolean, expected: string];

const BIGINT: FieldCheck = [(v) => typeof v === 'bigint', 'a bigint'];
const STRING: FieldCheck = [(v) => typeof v === 'string', 'a string'];
const ARRAY: FieldCheck = [Array.isArray, 'an array'];
const TYPE: FieldCheck = [isObject, 'a Type'];

/**
 * What each attribute kind holds, by field (nested attributes, types and maps are checked where
 * they are used).
 */
const ATTRIBUTE_FIELDS: Readonly<Record<string, Readonly<Record<string, FieldCheck>>>> = {
  integer: { value: BIGINT, type: TYPE },
  float: {
    value: [(v) => typeof v === 'number', 'a number'],
    type: TYPE,
    bits: [(v) => v === undefined || typeof v === 'bigint', 'a bigint or undefined'],
  },
  bool: { value: [(v) => typeof v === 'boolean', 'a boolean'] },
  string: { value: STRING },
  unit: {},
  type: { type: TYPE },
  array: { elements: ARRAY },
  dictionary: { entries: [(v) => isObject(v) && !Array.isArray(v), 'attributes by name'] },
  dense: { type: TYPE, values: ARRAY, splat: [(v) => typeof v === 'boolean', 'a boolean'] },
  denseArray: { elementType: TYPE, values: ARRAY },
  affineMap: { map: [isObject, 'an AffineMap'] },
  symbolRef: { name: STRING },
  predicate: { family: [(v) => v === 'cmpi' || v === 'cmpf', "'cmpi' or 'cmpf'"], value: STRING },
  combiningKind: { value: STRING },
  opaque: { text: STRING },
};

/**
 * `value` is an attribute: an object with an attribute's `kind` whose fields hold what that
 * kind holds; a field that does not is named (`a.value`).
 */
export function expectAttribute(value: unknown, argument: string): asserts value is Attribute {
  const kind = isObject(value) ? value.kind : undefined;
  if (typeof kind !== 'string' || !Object.hasOwn(ATTRIBUTE_FIELDS, kind)) {
    throw new LoopIrArgumentError(
      argument,
      'an Attribute (from stringAttr, integerAttr ...)',
      value,
    );
  }
  const fields = ATTRIBUTE_FIELDS[kind] as Readonly<Record<string, FieldCheck>>;
  for (const field in fields) {
    const [test, expected] = fields[field] as FieldCheck;
    const v = (value as Record<string, unknown>)[field];
    if (!test(v)) throw new LoopIrArgumentError(`${argument}.${field}`, expected, v);
  }
}
