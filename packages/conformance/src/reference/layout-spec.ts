/**
 * The reference model's view of a dense array layout, and its XLA text. Deliberately small: just
 * what the formulas of the "Tiled layout" document read, so the reference stays independent of
 * any implementation's data model.
 */
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

/** Builds a spec with defaults: row-major order, no tiles, no L, no E. */
export function layoutSpec(
  elementType: string,
  dims: readonly number[],
  rest: Partial<Omit<LayoutSpec, 'elementType' | 'dims'>> = {},
): LayoutSpec {
  return {
    elementType,
    dims,
    minorToMajor: rest.minorToMajor ?? dims.map((_, k) => dims.length - 1 - k),
    tiles: rest.tiles ?? [],
    tailPadding: rest.tailPadding ?? 1,
    elementBits: rest.elementBits ?? 0,
  };
}

const tileText = (tile: readonly number[]) =>
  `(${tile.map((t) => (t === COMBINE ? '*' : t)).join(',')})`;

/** The layout part in XLA's canonical text, e.g. `{1,0:T(2,2)L(7)}`. */
export function formatLayoutSpec(spec: LayoutSpec): string {
  const attributes = [
    spec.tiles.length > 0 ? `T${spec.tiles.map(tileText).join('')}` : '',
    spec.tailPadding !== 1 ? `L(${spec.tailPadding})` : '',
    spec.elementBits !== 0 ? `E(${spec.elementBits})` : '',
  ].join('');
  return `{${spec.minorToMajor.join(',')}${attributes ? `:${attributes}` : ''}}`;
}

/** The whole shape in XLA's canonical text, e.g. `f32[3,5]{1,0:T(2,2)}`. */
export function formatSpec(spec: LayoutSpec): string {
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
  const match = SHAPE_TEXT.exec(text.replace(/\s+/g, ''));
  if (!match)
    throw new ConformanceConfigError('shape', `is not a static dense array shape: '${text}'`);
  const [, elementType, dimsText, orderText, attributeText] = match;
  const numbers = (list: string) => (list === '' ? [] : list.split(',').map(Number));
  let rest = attributeText ?? '';
  let tiles: number[][] = [];
  let tailPadding = 1;
  let elementBits = 0;
  while (rest !== '') {
    const attribute = ATTRIBUTE.exec(rest);
    if (!attribute)
      throw new ConformanceConfigError('shape', `has an unsupported layout attribute: '${text}'`);
    if (attribute[2] !== undefined) {
      tiles = [...attribute[2].matchAll(/\(([^)]*)\)/g)].map((m) =>
        m[1]!.split(',').map((t) => (t === '*' ? COMBINE : Number(t))),
      );
    }
    if (attribute[3] !== undefined) tailPadding = Number(attribute[3]);
    if (attribute[4] !== undefined) elementBits = Number(attribute[4]);
    rest = rest.slice(attribute[0].length);
  }
  return {
    elementType: elementType!,
    dims: numbers(dimsText!),
    minorToMajor: numbers(orderText!),
    tiles,
    tailPadding,
    elementBits,
  };
}
