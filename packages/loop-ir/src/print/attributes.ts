/** Attribute printing in MLIR syntax (with MLIR's type elision rules). */
import type { AffineMap } from '../ir/affine.js';
import type { Attribute, AttributeMap, DenseAttr, DenseElement } from '../ir/attributes.js';
import type { Type } from '../ir/types.js';
import { printAffineMap } from './affine.js';
import { printFloat } from './float.js';
import { BARE_ID, escapeString, printSymbolName } from './quoting.js';
import { printType } from './types.js';

/**
 * Names affine maps `#map`, `#map1`, ... in order of first use. Maps are told apart by their
 * text: two trees that print alike are one alias, as they are one map once the text is read
 * back (mlir-opt numbers the aliases of what it reads).
 */
export class AffineMapAliases {
  readonly #texts = new Map<string, string>();

  /** The alias of `map`, registering it on first use. */
  aliasOf(map: AffineMap): string {
    const text = printAffineMap(map);
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

function denseElement(v: DenseElement, element: Type): string {
  if (element.kind === 'float') return printFloat(v as number, element.format);
  if (element.kind === 'integer' && element.width === 1) return v === 1n ? 'true' : 'false';
  return String(v);
}

function printDense(a: DenseAttr): string {
  const el = a.type.element as Type;
  if (a.splat) return `dense<${denseElement(a.values[0] as DenseElement, el)}>`;
  const shape = a.type.shape as readonly number[];
  const nest = (dim: number, offset: number): string => {
    const n = shape[dim] as number;
    const stride = shape.slice(dim + 1).reduce((x, y) => x * y, 1);
    const parts = Array.from({ length: n }, (_, i) =>
      dim === shape.length - 1
        ? denseElement(a.values[offset + i] as DenseElement, el)
        : nest(dim + 1, offset + i * stride),
    );
    return `[${parts.join(', ')}]`;
  };
  return `dense<${nest(0, 0)}>`;
}

/** Prints an attribute value. */
export function printAttribute(a: Attribute, options: AttributePrintOptions = {}): string {
  switch (a.kind) {
    case 'integer': {
      if (a.type.kind === 'integer' && a.type.width === 1) return a.value === 0n ? 'false' : 'true';
      const elide =
        options.elideDefaultType === true && a.type.kind === 'integer' && a.type.width === 64;
      return elide ? String(a.value) : `${a.value} : ${printType(a.type)}`;
    }
    case 'float': {
      const text = printFloat(a.value, a.type.format, a.bits);
      const elide =
        options.elideDefaultType === true && a.type.format === 'f64' && !text.startsWith('0x');
      return elide ? text : `${text} : ${printType(a.type)}`;
    }
    case 'bool':
      return a.value ? 'true' : 'false';
    case 'string':
      return `"${escapeString(a.value)}"`;
    case 'unit':
      return 'unit';
    case 'type':
      return printType(a.type);
    case 'array':
      return `[${a.elements.map((e) => printAttribute(e, { ...options, elideDefaultType: true })).join(', ')}]`;
    case 'dictionary':
      return printAttributeDict(a.entries, [], options) || '{}';
    case 'dense':
      return `${printDense(a)} : ${printType(a.type)}`;
    case 'denseArray':
      return a.values.length === 0
        ? `array<${printType(a.elementType)}>`
        : `array<${printType(a.elementType)}: ${a.values.join(', ')}>`;
    case 'affineMap':
      return options.aliases?.aliasOf(a.map) ?? printAffineMap(a.map);
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
  const keys = Object.keys(attrs)
    .filter((k) => !elided.includes(k))
    .sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  if (keys.length === 0) return '';
  const entries = keys.map((k) => {
    const v = attrs[k] as Attribute;
    const key = BARE_ID.test(k) ? k : `"${escapeString(k)}"`;
    return v.kind === 'unit'
      ? key
      : `${key} = ${printAttribute(v, { ...options, elideDefaultType: false })}`;
  });
  return `{${entries.join(', ')}}`;
}
