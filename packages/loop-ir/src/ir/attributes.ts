/**
 * Attributes: compile-time constant data attached to operations. Like types they are small
 * frozen structural values; compare with {@link attrEquals}.
 */
import { expectArray } from '../argument-checks.js';
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { MAX_NESTING_DEPTH } from '../parse/nesting.js';
import { expectAttribute, expectIntegerType, expectType } from '../value-argument-checks.js';
import { type AffineMap, affineMapEquals } from './affine.js';
import type {
  AffineMapAttr,
  ArrayAttr,
  Attribute,
  AttributeMap,
  BoolAttr,
  CombiningKind,
  CombiningKindAttr,
  DenseArrayAttr,
  DenseAttr,
  DenseElement,
  DictionaryAttr,
  FloatAttr,
  IntegerAttr,
  OpaqueAttr,
  PredicateAttr,
  StringAttr,
  SymbolRefAttr,
  TypeAttr,
  UnitAttr,
} from './attribute-shapes.js';
import {
  type FloatType,
  type IndexType,
  type IntegerType,
  i1,
  i64,
  index,
  type MemRefType,
  type Type,
  typeEquals,
  type VectorType,
} from './types.js';

export type * from './attribute-shapes.js';

/** Every combining kind, in MLIR's enum order. */
export const COMBINING_KINDS: readonly CombiningKind[] = Object.freeze([
  'add',
  'mul',
  'minui',
  'minsi',
  'minnumf',
  'maxui',
  'maxsi',
  'maxnumf',
  'and',
  'or',
  'xor',
  'minimumf',
  'maximumf',
]);

/** `arith.cmpi` predicates in enum order (the generic form stores the position). */
export const CMPI_PREDICATES: readonly string[] = Object.freeze([
  'eq',
  'ne',
  'slt',
  'sle',
  'sgt',
  'sge',
  'ult',
  'ule',
  'ugt',
  'uge',
]);

/** `arith.cmpf` predicates in enum order. */
export const CMPF_PREDICATES: readonly string[] = Object.freeze([
  'false',
  'oeq',
  'ogt',
  'oge',
  'olt',
  'ole',
  'one',
  'ord',
  'ueq',
  'ugt',
  'uge',
  'ult',
  'ule',
  'une',
  'uno',
  'true',
]);

/** `value` is a bigint or an integer number, as an attribute holds it (a bigint). */
function integerValue(value: unknown, argument: string): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new LoopIrArgumentError(argument, 'a bigint or an integer number', value);
  }
  return BigInt(value);
}

/**
 * Integer attribute (`index` by default).
 * @throws LoopIrArgumentError when `value` is no integer or `type` no integer or index type.
 */
export function integerAttr(
  value: bigint | number,
  type: IntegerType | IndexType = index,
): IntegerAttr {
  const exact = integerValue(value, 'value');
  expectType(type, 'type');
  if (type.kind !== 'integer' && type.kind !== 'index') {
    throw new LoopIrArgumentError('type', 'an integer or index type', type);
  }
  return Object.freeze({ kind: 'integer', value: exact, type });
}

/** Float attribute; pass `bits` to pin an exact bit pattern. */
export function floatAttr(value: number, type: FloatType, bits?: bigint): FloatAttr {
  return Object.freeze(
    bits === undefined ? { kind: 'float', value, type } : { kind: 'float', value, type, bits },
  );
}

export function boolAttr(value: boolean): BoolAttr {
  return Object.freeze({ kind: 'bool', value });
}

export function stringAttr(value: string): StringAttr {
  return Object.freeze({ kind: 'string', value });
}

export const unitAttr: UnitAttr = Object.freeze({ kind: 'unit' });

export function typeAttr(type: Type): TypeAttr {
  return Object.freeze({ kind: 'type', type });
}

/**
 * `[a, b, ...]`.
 * @throws LoopIrArgumentError when `elements` is no array of attributes.
 */
export function arrayAttr(elements: readonly Attribute[]): ArrayAttr {
  if (!Array.isArray(elements)) {
    throw new LoopIrArgumentError('elements', 'an array of Attributes', elements);
  }
  for (let i = 0; i < elements.length; i++) expectAttribute(elements[i], `elements[${i}]`);
  return Object.freeze({ kind: 'array', elements: Object.freeze([...elements]) });
}

/**
 * `{name = attribute, ...}`.
 * @throws LoopIrArgumentError when `entries` is no object of attributes by name.
 */
export function dictionaryAttr(entries: Readonly<Record<string, Attribute>>): DictionaryAttr {
  if (typeof entries !== 'object' || entries === null || Array.isArray(entries)) {
    throw new LoopIrArgumentError('entries', 'an object of Attributes by name', entries);
  }
  for (const [name, attribute] of Object.entries(entries)) {
    expectAttribute(attribute, `entries.${name}`);
  }
  return Object.freeze({ kind: 'dictionary', entries: Object.freeze({ ...entries }) });
}

/** Elements of a vector or memref type, or undefined when a dimension is dynamic. */
function elementCount(type: VectorType | MemRefType): number | undefined {
  let n = 1;
  for (const d of type.shape) {
    if (typeof d !== 'number') return undefined;
    n *= d;
  }
  return n;
}

/**
 * Dense elements. One value, or a list whose elements are all equal, is stored as a splat
 * (as MLIR canonicalizes it), so equal constants compare equal however they were written.
 * @throws LoopIrArgumentError when `type` is no vector or memref type of scalars, or `values`
 *   is not one element (a splat) or one per element of `type`, each a number for float elements
 *   and a bigint otherwise.
 */
export function denseAttr(
  type: VectorType | MemRefType,
  values: readonly DenseElement[],
): DenseAttr {
  expectType(type, 'type');
  const element: unknown =
    type.kind === 'vector' || type.kind === 'memref' ? type.element : undefined;
  if (element === undefined || (element as Type).kind === 'vector') {
    throw new LoopIrArgumentError('type', 'a vector or memref type of scalars', type);
  }
  expectArray(values, 'values', 'an array of dense elements');
  const count = elementCount(type);
  if (values.length !== 1 && values.length !== count) {
    throw new LoopIrArgumentError(
      'values',
      `one value (a splat) or ${count ?? 'one'} values, one per element of the type`,
      values,
    );
  }
  const isFloat = (element as Type).kind === 'float';
  for (let i = 0; i < values.length; i++) {
    const v: unknown = values[i];
    if (isFloat ? typeof v !== 'number' : typeof v !== 'bigint') {
      throw new LoopIrArgumentError(`values[${i}]`, isFloat ? 'a number' : 'a bigint', v);
    }
  }
  const first = values[0];
  const splat = values.length >= 1 && values.every((v) => Object.is(v, first));
  return Object.freeze({
    kind: 'dense',
    type,
    values: Object.freeze(splat ? [first as DenseElement] : [...values]),
    splat,
  });
}

/**
 * `array<i64: ...>`.
 * @throws LoopIrArgumentError when `values` is no array of integers or `elementType` no
 *   integer type.
 */
export function denseArrayAttr(
  values: readonly (bigint | number)[],
  elementType: IntegerType = i64,
): DenseArrayAttr {
  expectArray(values, 'values', 'an array of integers');
  expectIntegerType(elementType, 'elementType');
  const exact: bigint[] = [];
  // By index, so an array of holes stops at the first one.
  for (let i = 0; i < values.length; i++) exact.push(integerValue(values[i], `values[${i}]`));
  return Object.freeze({ kind: 'denseArray', elementType, values: Object.freeze(exact) });
}

export function affineMapAttr(map: AffineMap): AffineMapAttr {
  return Object.freeze({ kind: 'affineMap', map });
}

export function symbolRefAttr(name: string): SymbolRefAttr {
  return Object.freeze({ kind: 'symbolRef', name });
}

export function predicateAttr(family: 'cmpi' | 'cmpf', value: string): PredicateAttr {
  return Object.freeze({ kind: 'predicate', family, value });
}

export function combiningKindAttr(value: CombiningKind): CombiningKindAttr {
  return Object.freeze({ kind: 'combiningKind', value });
}

export function opaqueAttr(text: string): OpaqueAttr {
  return Object.freeze({ kind: 'opaque', text });
}

/** `true : i1` as an integer attribute (what `arith.constant true` holds). */
export function i1Attr(value: boolean): IntegerAttr {
  return integerAttr(value ? 1n : 0n, i1);
}

/**
 * Structural attribute equality (float values compare by bits, so NaN equals itself).
 * @throws LoopIrArgumentError when `a` or `b` is no attribute.
 */
export function attrEquals(a: Attribute, b: Attribute): boolean {
  return equalAttrs(a, b, 0);
}

/**
 * `attrEquals`, checking each attribute it compares (a fault inside one is reported as the
 * argument it is in, `a` or `b`).
 */
function equalAttrs(a: Attribute, b: Attribute, depth: number): boolean {
  expectAttribute(a, 'a');
  expectAttribute(b, 'b');
  if (a === b) return true;
  if (depth > MAX_NESTING_DEPTH) {
    throw new LoopIrArgumentError('a', `an Attribute nested at most ${MAX_NESTING_DEPTH} deep`, a);
  }
  if (a.kind !== b.kind) return false;
  switch (a.kind) {
    case 'integer': {
      const o = b as IntegerAttr;
      return a.value === o.value && typeEquals(a.type, o.type);
    }
    case 'float': {
      const o = b as FloatAttr;
      return Object.is(a.value, o.value) && a.bits === o.bits && typeEquals(a.type, o.type);
    }
    case 'bool':
    case 'string':
      return a.value === (b as typeof a).value;
    case 'unit':
      return true;
    case 'type':
      return typeEquals(a.type, (b as TypeAttr).type);
    case 'array': {
      const o = b as ArrayAttr;
      if (a.elements.length !== o.elements.length) return false;
      for (let i = 0; i < a.elements.length; i++) {
        const x = a.elements[i] as Attribute;
        if (!equalAttrs(x, o.elements[i] as Attribute, depth + 1)) return false;
      }
      return true;
    }
    case 'dictionary':
      return mapsEqual(a.entries, (b as DictionaryAttr).entries, depth + 1);
    case 'dense': {
      const o = b as DenseAttr;
      return (
        a.splat === o.splat &&
        typeEquals(a.type, o.type) &&
        a.values.length === o.values.length &&
        a.values.every((v, i) => Object.is(v, o.values[i]))
      );
    }
    case 'denseArray': {
      const o = b as DenseArrayAttr;
      return (
        typeEquals(a.elementType, o.elementType) &&
        a.values.length === o.values.length &&
        a.values.every((v, i) => v === o.values[i])
      );
    }
    case 'affineMap':
      return affineMapEquals(a.map, (b as AffineMapAttr).map);
    case 'symbolRef':
      return a.name === (b as SymbolRefAttr).name;
    case 'predicate': {
      const o = b as PredicateAttr;
      return a.family === o.family && a.value === o.value;
    }
    case 'combiningKind':
      return a.value === (b as CombiningKindAttr).value;
    case 'opaque':
      return a.text === (b as OpaqueAttr).text;
  }
}

/**
 * Equality of two named-attribute maps, ignoring order.
 * @throws LoopIrArgumentError when `a` or `b` is no map of attributes by name.
 */
export function attributeMapsEqual(a: AttributeMap, b: AttributeMap): boolean {
  return mapsEqual(a, b, 0);
}

/** `attributeMapsEqual` of maps nested `depth` deep in attributes. */
function mapsEqual(a: AttributeMap, b: AttributeMap, depth: number): boolean {
  for (const [map, argument] of [
    [a, 'a'],
    [b, 'b'],
  ] as const) {
    if (typeof map !== 'object' || map === null || Array.isArray(map)) {
      throw new LoopIrArgumentError(argument, 'an AttributeMap (attributes by name)', map);
    }
    for (const [name, attribute] of Object.entries(map)) {
      expectAttribute(attribute, `${argument}.${name}`);
    }
  }
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  return ka.every((k) => {
    const x = a[k];
    const y = b[k];
    return x !== undefined && y !== undefined && equalAttrs(x, y, depth);
  });
}
