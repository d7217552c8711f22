/**
 * The shapes of the IR's attributes, declarations only: a file of their own, below the
 * attribute constructors (attributes.ts) and the argument checks that read them, so neither
 * imports the other.
 */
import type { AffineMap } from './affine-types.js';
import type {
  FloatType,
  IndexType,
  IntegerType,
  MemRefType,
  Type,
  VectorType,
} from './type-shapes.js';

/** `42 : i32`, `4 : index`. Values are exact bigints (already in range for the width). */
export interface IntegerAttr {
  readonly kind: 'integer';
  readonly value: bigint;
  readonly type: IntegerType | IndexType;
}

/**
 * `1.5 : f32`. `bits` holds the exact bit pattern when the source used hex (`0x7FC00000`),
 * so NaN payloads and infinities survive a round trip.
 */
export interface FloatAttr {
  readonly kind: 'float';
  readonly value: number;
  readonly type: FloatType;
  readonly bits?: bigint;
}

export interface BoolAttr {
  readonly kind: 'bool';
  readonly value: boolean;
}

export interface StringAttr {
  readonly kind: 'string';
  readonly value: string;
}

/** Presence-only attribute (`{foo}`). */
export interface UnitAttr {
  readonly kind: 'unit';
}

export interface TypeAttr {
  readonly kind: 'type';
  readonly type: Type;
}

export interface ArrayAttr {
  readonly kind: 'array';
  readonly elements: readonly Attribute[];
}

export interface DictionaryAttr {
  readonly kind: 'dictionary';
  readonly entries: Readonly<Record<string, Attribute>>;
}

/** One element of a dense attribute: bigint for integers/index/i1, number for floats. */
export type DenseElement = bigint | number;

/** `dense<1.0> : vector<4xf32>` (splat) or `dense<[1, 2]> : vector<2xi32>`. */
export interface DenseAttr {
  readonly kind: 'dense';
  readonly type: VectorType | MemRefType;
  /** One value when `splat`, otherwise the row-major elements. */
  readonly values: readonly DenseElement[];
  readonly splat: boolean;
}

/** `array<i64: 1, 2>` (MLIR's DenseI64ArrayAttr etc.). */
export interface DenseArrayAttr {
  readonly kind: 'denseArray';
  readonly elementType: IntegerType;
  readonly values: readonly bigint[];
}

export interface AffineMapAttr {
  readonly kind: 'affineMap';
  readonly map: AffineMap;
}

/** `@callee`. */
export interface SymbolRefAttr {
  readonly kind: 'symbolRef';
  readonly name: string;
}

/** `arith.cmpi` / `arith.cmpf` predicate, stored by name (`slt`, `oeq`, ...). */
export interface PredicateAttr {
  readonly kind: 'predicate';
  readonly family: 'cmpi' | 'cmpf';
  readonly value: string;
}

/** Vector combining kinds, `#vector.kind<add>`. */
export type CombiningKind =
  | 'add'
  | 'mul'
  | 'minui'
  | 'minsi'
  | 'minnumf'
  | 'maxui'
  | 'maxsi'
  | 'maxnumf'
  | 'and'
  | 'or'
  | 'xor'
  | 'minimumf'
  | 'maximumf';

export interface CombiningKindAttr {
  readonly kind: 'combiningKind';
  readonly value: CombiningKind;
}

/**
 * A dialect attribute the IR does not model, kept verbatim (`#arith.fastmath<fast>`,
 * `#arith.overflow<nsw>`, `loc`-free text). Printing emits `text` unchanged.
 */
export interface OpaqueAttr {
  readonly kind: 'opaque';
  readonly text: string;
}

/** Any attribute. */
export type Attribute =
  | IntegerAttr
  | FloatAttr
  | BoolAttr
  | StringAttr
  | UnitAttr
  | TypeAttr
  | ArrayAttr
  | DictionaryAttr
  | DenseAttr
  | DenseArrayAttr
  | AffineMapAttr
  | SymbolRefAttr
  | PredicateAttr
  | CombiningKindAttr
  | OpaqueAttr;

/** Named attributes of an operation, in insertion (print) order. */
export type AttributeMap = Readonly<Record<string, Attribute>>;
