/** Attribute printing in MLIR syntax (with MLIR's type elision rules). */
import { expectOptions } from '../argument-checks.js';
import type { AffineMap } from '../ir/affine.js';
import { checkAffineMap } from '../ir/affine-arguments.js';
import type { Attribute, AttributeMap, DenseAttr } from '../ir/attributes.js';
import type { Type } from '../ir/types.js';
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { MAX_NESTING_DEPTH } from '../parse/nesting.js';
import { expectAttribute, expectType } from '../value-argument-checks.js';
import { printCheckedAffineMap } from './affine.js';
import { printFloat } from './float.js';
import { BARE_ID, escapeString, printSymbolName } from './quoting.js';
import { printTypeAt } from './types.js';

/**
 * Names affine maps `#map`, `#map1`, ... in order of first use. Maps are told apart by their
 * text: two trees that print alike are one alias, as they are one map once the text is read
 * back (mlir-opt numbers the aliases of what it reads).
 */
export class AffineMapAliases {
  readonly #texts = new Map<string, string>();

  /** The alias of `map`, registering it on first use. */
  aliasOf(map: AffineMap): string {
    const text = printCheckedAffineMap(map);
    let alias = this.#texts.get(text);
    if (alias === undefined) {
      const i = this.#texts.size;
      alias = i === 0 ? '#map' : `#map${i}`;
      this.#texts.set(text, alias);
    }
    return alias;
  }

  /** `#map = affine_map<...>` definitions, one per line. */
  definitions(): string {
    return [...this.#texts].map(([text, alias]) => `${alias} = ${text}\n`).join('');
  }
}

/** Options of {@link printAttribute}. */
interface AttributePrintOptions {
  /** Elide `: i64` / `: f64` as MLIR does for array elements. */
  readonly elideDefaultType?: boolean;
  /** Print affine maps through aliases (module printing); inline otherwise. */
  readonly aliases?: AffineMapAliases;
}

/** The element type of a dense attribute's type (named `argument`): a scalar of a vector or memref. */
function denseElementType(type: unknown, argument: string): Type {
  expectType(type, argument);
  const element = type.kind === 'vector' || type.kind === 'memref' ? type.element : undefined;
  if (element === undefined || element.kind === 'vector') {
    throw new LoopIrArgumentError(argument, 'a vector or memref type of scalars', type);
  }
  return element;
}

function printDense(a: DenseAttr, argument: string): string {
  const el = denseElementType(a.type, `${argument}.type`);
  const element = (i: number): string => {
    const v: unknown = a.values[i];
    if (el.kind === 'float') {
      if (typeof v !== 'number')
        throw new LoopIrArgumentError(`${argument}.values[${i}]`, 'a number', v);
      return printFloat(v, el.format);
    }
    if (typeof v !== 'bigint')
      throw new LoopIrArgumentError(`${argument}.values[${i}]`, 'a bigint', v);
    if (el.kind === 'integer' && el.width === 1) return v === 1n ? 'true' : 'false';
    return String(v);
  };
  if (a.splat) {
    if (a.values.length !== 1) {
      throw new LoopIrArgumentError(`${argument}.values`, 'one value (a splat)', a.values);
    }
    return `dense<${element(0)}>`;
  }
  const shape = a.type.shape as readonly number[];
  const count = shape.reduce((x, y) => x * y, 1);
  if (a.values.length !== count) {
    throw new LoopIrArgumentError(
      `${argument}.values`,
      `${count} values, one per element`,
      a.values,
    );
  }
  const nest = (dim: number, offset: number): string => {
    const n = shape[dim] as number;
    const stride = shape.slice(dim + 1).reduce((x, y) => x * y, 1);
    const parts = Array.from({ length: n }, (_, i) =>
      dim === shape.length - 1 ? element(offset + i) : nest(dim + 1, offset + i * stride),
    );
    return `[${parts.join(', ')}]`;
  };
  return `dense<${nest(0, 0)}>`;
}

/** The elements of a dense array attribute named `argument`, each checked to be a bigint. */
function denseArrayValues(values: readonly bigint[], argument: string): string {
  const texts: string[] = [];
  for (let i = 0; i < values.length; i++) {
    const v: unknown = values[i];
    if (typeof v !== 'bigint')
      throw new LoopIrArgumentError(`${argument}.values[${i}]`, 'a bigint', v);
    texts.push(String(v));
  }
  return texts.join(', ');
}

/**
 * Prints an attribute value.
 * @throws LoopIrArgumentError when `a` is no attribute (a field inside it is named:
 *   `a.elements[2].value`) or `options` no options object.
 */
export function printAttribute(a: Attribute, options: AttributePrintOptions = {}): string {
  expectOptions(options, 'options');
  if (options.aliases !== undefined && !(options.aliases instanceof AffineMapAliases)) {
    throw new LoopIrArgumentError(
      'options.aliases',
      'an AffineMapAliases or undefined',
      options.aliases,
    );
  }
  return printAttributeAt(a, options, 'a', 0);
}

/** `printAttribute` of `a`, checked as it is printed; `argument` names it. */
function printAttributeAt(
  a: Attribute,
  options: AttributePrintOptions,
  argument: string,
  depth: number,
): string {
  expectAttribute(a, argument);
  if (depth > MAX_NESTING_DEPTH) {
    throw new LoopIrArgumentError(
      argument,
      `an Attribute nested at most ${MAX_NESTING_DEPTH} deep`,
      a,
    );
  }
  const typeText = (t: Type, field: string) => printTypeAt(t, `${argument}.${field}`);
  switch (a.kind) {
    case 'integer': {
      expectType(a.type, `${argument}.type`);
      if (a.type.kind === 'integer' && a.type.width === 1) return a.value === 0n ? 'false' : 'true';
      const elide =
        options.elideDefaultType === true && a.type.kind === 'integer' && a.type.width === 64;
      return elide ? String(a.value) : `${a.value} : ${typeText(a.type, 'type')}`;
    }
    case 'float': {
      expectType(a.type, `${argument}.type`);
      if (a.type.kind !== 'float') {
        throw new LoopIrArgumentError(`${argument}.type`, 'a float type', a.type);
      }
      const text = printFloat(a.value, a.type.format, a.bits);
      const elide =
        options.elideDefaultType === true && a.type.format === 'f64' && !text.startsWith('0x');
      return elide ? text : `${text} : ${typeText(a.type, 'type')}`;
    }
    case 'bool':
      return a.value ? 'true' : 'false';
    case 'string':
      return `"${escapeString(a.value)}"`;
    case 'unit':
      return 'unit';
    case 'type':
      return typeText(a.type, 'type');
    case 'array': {
      const inner = { ...options, elideDefaultType: true };
      const texts: string[] = [];
      // By index, so an array of holes stops at the first one.
      for (let i = 0; i < a.elements.length; i++) {
        texts.push(
          printAttributeAt(
            a.elements[i] as Attribute,
            inner,
            `${argument}.elements[${i}]`,
            depth + 1,
          ),
        );
      }
      return `[${texts.join(', ')}]`;
    }
    case 'dictionary':
      return printDictionary(a.entries, [], options, `${argument}.entries`, depth + 1) || '{}';
    case 'dense':
      return `${printDense(a, argument)} : ${typeText(a.type, 'type')}`;
    case 'denseArray':
      return a.values.length === 0
        ? `array<${typeText(a.elementType, 'elementType')}>`
        : `array<${typeText(a.elementType, 'elementType')}: ${denseArrayValues(a.values, argument)}>`;
    case 'affineMap':
      checkAffineMap(a.map, `${argument}.map`);
      return options.aliases?.aliasOf(a.map) ?? printCheckedAffineMap(a.map);
    case 'symbolRef':
      return printSymbolName(a.name);
    case 'predicate':
      return a.value;
    case 'combiningKind':
      return `#vector.kind<${a.value}>`;
    case 'opaque':
      return a.text;
  }
}

/**
 * `{a = 1, b}` with keys sorted (MLIR dictionaries are sorted), skipping `elided` keys;
 * '' when nothing remains.
 */
export function printAttributeDict(
  attrs: AttributeMap,
  elided: readonly string[],
  options: AttributePrintOptions = {},
): string {
  return printDictionary(attrs, elided, options, 'attributes', 0);
}

/** `printAttributeDict` of a dictionary named `argument`, nested `depth` deep. */
function printDictionary(
  attrs: AttributeMap,
  elided: readonly string[],
  options: AttributePrintOptions,
  argument: string,
  depth: number,
): string {
  const keys = Object.keys(attrs)
    .filter((k) => !elided.includes(k))
    .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  if (keys.length === 0) return '';
  const entries = keys.map((k) => {
    const v = attrs[k] as Attribute;
    const key = BARE_ID.test(k) ? k : `"${escapeString(k)}"`;
    const text = printAttributeAt(
      v,
      { ...options, elideDefaultType: false },
      `${argument}.${k}`,
      depth,
    );
    return v.kind === 'unit' ? key : `${key} = ${text}`;
  });
  return `{${entries.join(', ')}}`;
}
