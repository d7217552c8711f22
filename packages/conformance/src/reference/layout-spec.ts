/**
 * The reference model's view of a dense array layout, and its XLA text. Deliberately small: just
 * what the formulas of the "Tiled layout" document read, so the reference stays independent of
 * any implementation's data model.
 */
import {
  refuse,
  requireArray,
  requireInteger,
  requireIntegers,
  requireObject,
  requireString,
} from '../core/arguments.js';
import { ConformanceConfigError } from '../errors.js';

/** Tile entry meaning "combine this dimension into the next more minor one" (`*`). */
export const COMBINE = -1;

/** A dense array shape with a (tiled) layout. */
export interface LayoutSpec {
  /** XLA element type name, e.g. `f32`. */
  readonly elementType: string;
  /** Logical dimension sizes, most major first. */
  readonly dims: readonly number[];
  /** Physical order: `minorToMajor[0]` is the most minor logical dimension. */
  readonly minorToMajor: readonly number[];
  /** Tiles applied in order, each to the suffix of the shape expanded so far. */
  readonly tiles: readonly (readonly number[])[];
  /** `L(n)`: element count rounded up to a multiple of n (1 when absent). */
  readonly tailPadding: number;
  /** `E(n)`: element size in bits (0: the type's natural size). */
  readonly elementBits: number;
}

/** The most dimensions (and tile entries) a spec may have: XLA's own limit is far below. */
const MAX_RANK = 64;
/** The most tiles a spec may have. */
const MAX_TILES = 16;

/**
 * Checks that `spec` is a LayoutSpec: an element type name, dimension sizes, a permutation for
 * minor_to_major, tiles of positive sizes or `*` (never last), `L` >= 1 and `E` >= 0.
 * @throws ConformanceConfigError naming `argument` or its field (`spec.tiles[0][1]`).
 */
export function checkLayoutSpec(spec: unknown, argument: string): asserts spec is LayoutSpec {
  requireObject(spec, argument);
  requireString(spec.elementType, `${argument}.elementType`);
  requireIntegers(spec.dims, `${argument}.dims`, 0, Number.MAX_SAFE_INTEGER, MAX_RANK);
  const rank = spec.dims.length;
  const order = spec.minorToMajor;
  requireIntegers(order, `${argument}.minorToMajor`, 0, Math.max(rank - 1, 0), MAX_RANK);
  if (order.length !== rank || new Set(order).size !== rank) {
    refuse(`${argument}.minorToMajor`, `a permutation of 0..${rank - 1}`, order);
  }
  requireArray(spec.tiles, `${argument}.tiles`, MAX_TILES);
  spec.tiles.forEach((tile: unknown, t) => {
    const name = `${argument}.tiles[${t}]`;
    requireIntegers(tile, name, COMBINE, Number.MAX_SAFE_INTEGER, MAX_RANK);
    if (tile.length === 0 || tile.includes(0) || tile[tile.length - 1] === COMBINE) {
      refuse(name, "a non-empty tile of positive sizes or '*' (never last)", tile);
    }
  });
  requireInteger(spec.tailPadding, `${argument}.tailPadding`, 1);
  requireInteger(spec.elementBits, `${argument}.elementBits`, 0);
}

/**
 * Builds a spec with defaults: row-major order, no tiles, no L, no E.
 * @throws ConformanceConfigError naming `elementType`, `dims` or the field of `rest` at fault.
 */
export function layoutSpec(
  elementType: string,
  dims: readonly number[],
  rest: Partial<Omit<LayoutSpec, 'elementType' | 'dims'>> = {},
): LayoutSpec {
  requireString(elementType, 'elementType');
  requireIntegers(dims, 'dims', 0, Number.MAX_SAFE_INTEGER, MAX_RANK);
  requireObject(rest, 'rest');
  const spec = {
    elementType,
    dims,
    minorToMajor: rest.minorToMajor ?? dims.map((_, k) => dims.length - 1 - k),
    tiles: rest.tiles ?? [],
    tailPadding: rest.tailPadding ?? 1,
    elementBits: rest.elementBits ?? 0,
  };
  checkLayoutSpec(spec, 'rest');
  return spec;
}

const tileText = (tile: readonly number[]) =>
  `(${tile.map((t) => (t === COMBINE ? '*' : t)).join(',')})`;

/**
 * The layout part in XLA's canonical text, e.g. `{1,0:T(2,2)L(7)}`.
 * @throws ConformanceConfigError when `spec` is not a LayoutSpec.
 */
export function formatLayoutSpec(spec: LayoutSpec): string {
  checkLayoutSpec(spec, 'spec');
  const attributes = [
    spec.tiles.length > 0 ? `T${spec.tiles.map(tileText).join('')}` : '',
    spec.tailPadding !== 1 ? `L(${spec.tailPadding})` : '',
    spec.elementBits !== 0 ? `E(${spec.elementBits})` : '',
  ].join('');
  return `{${spec.minorToMajor.join(',')}${attributes ? `:${attributes}` : ''}}`;
}

/**
 * The whole shape in XLA's canonical text, e.g. `f32[3,5]{1,0:T(2,2)}`.
 * @throws ConformanceConfigError when `spec` is not a LayoutSpec.
 */
export function formatSpec(spec: LayoutSpec): string {
  checkLayoutSpec(spec, 'spec');
  return `${spec.elementType}[${spec.dims.join(',')}]${formatLayoutSpec(spec)}`;
}

const SHAPE_TEXT = /^([a-z][a-z0-9]*)\[([0-9,]*)\]\{([0-9,]*)(?::(.*))?\}$/;
const ATTRIBUTE = /^(T((?:\([0-9*,]+\))+)|L\((\d+)\)|E\((\d+)\)|S\((\d+)\))/;

/**
 * Parses the canonical text of a static dense array shape (`T`, `L`, `E`, `S` attributes).
 *
 * @throws ConformanceConfigError for anything else.
 */
export function parseSpec(text: string): LayoutSpec {
  requireString(text, 'text');
  const match = SHAPE_TEXT.exec(text.replace(/\s+/g, ''));
  if (!match)
    throw new ConformanceConfigError('text', `is not a static dense array shape: '${text}'`);
  const [, elementType, dimsText, orderText, attributeText] = match;
  const numbers = (list: string) => (list === '' ? [] : list.split(',').map(Number));
  let rest = attributeText ?? '';
  let tiles: number[][] = [];
  let tailPadding = 1;
  let elementBits = 0;
  while (rest !== '') {
    const attribute = ATTRIBUTE.exec(rest);
    if (!attribute)
      throw new ConformanceConfigError('text', `has an unsupported layout attribute: '${text}'`);
    if (attribute[2] !== undefined) {
      tiles = [...attribute[2].matchAll(/\(([^)]*)\)/g)].map((m) =>
        m[1]!.split(',').map((t) => (t === '*' ? COMBINE : Number(t))),
      );
    }
    if (attribute[3] !== undefined) tailPadding = Number(attribute[3]);
    if (attribute[4] !== undefined) elementBits = Number(attribute[4]);
    rest = rest.slice(attribute[0].length);
  }
  const spec = {
    elementType: elementType!,
    dims: numbers(dimsText!),
    minorToMajor: numbers(orderText!),
    tiles,
    tailPadding,
    elementBits,
  };
  checkLayoutSpec(spec, 'text');
  return spec;
}
