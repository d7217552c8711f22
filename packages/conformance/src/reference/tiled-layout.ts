/**
 * Reference formulas of XLA's tiled layout, written straight from the "Tiled layout" document:
 * permute to physical order, then per tile combine `*` dimensions into the next more minor one
 * and split the suffix into (tile count, within-tile) pairs; the offset is the row-major index in
 * the final expanded shape. A tile longer than the shape so far applies to it padded with leading
 * unit dimensions, as in XLA.
 */
import { refuse, requireIntegers, requireNumbers } from '../core/arguments.js';
import { ConformanceConfigError } from '../errors.js';
import { COMBINE, checkLayoutSpec, type LayoutSpec } from './layout-spec.js';

/**
 * The most elements a reference enumerates (offsets, relayouts): these loops are for checking
 * small arrays, and a larger one would look like a hang.
 */
const MAX_ENUMERATED = 2 ** 24;

/** Checks `index` against the logical dimensions `dims`. */
function checkIndex(index: unknown, dims: readonly number[], argument: string): void {
  requireIntegers(index, argument, 0, Number.MAX_SAFE_INTEGER, dims.length);
  if (index.length !== dims.length) refuse(argument, `${dims.length} coordinates`, index);
  index.forEach((e, k) => {
    if (e >= dims[k]!) refuse(`${argument}[${k}]`, `below the dimension size ${dims[k]}`, e);
  });
}

/** Checks a spec whose elements (logical and physical) a reference enumerates. */
function checkEnumerable(spec: unknown): asserts spec is LayoutSpec {
  checkLayoutSpec(spec, 'spec');
  const logical = spec.dims.reduce((p, d) => p * d, 1);
  const physical = referencePhysicalElementCount(spec);
  if (Math.max(logical, physical) > MAX_ENUMERATED) {
    refuse('spec', `a layout of at most ${MAX_ENUMERATED} elements to enumerate`, spec);
  }
}

/** Dimension sizes and one element's index, in the same (expanded) coordinate system. */
interface Coordinates {
  readonly dims: readonly number[];
  readonly index: readonly number[];
}

function toPhysical(spec: LayoutSpec, index: readonly number[]): Coordinates {
  const order = [...spec.minorToMajor].reverse();
  return { dims: order.map((d) => spec.dims[d]!), index: order.map((d) => index[d]!) };
}

/**
 * `at` with leading unit dimensions (index 0) up to `rank`. A tile with more dimensions than the
 * shape tiles it as if it had them: XLA's `ShapeUtil::ArraySize` counts the tile dimensions past
 * the shape's rank as size 1.
 */
function withLeadingUnits(at: Coordinates, rank: number): Coordinates {
  const missing = Math.max(0, rank - at.dims.length);
  if (missing === 0) return at;
  return {
    dims: [...new Array<number>(missing).fill(1), ...at.dims],
    index: [...new Array<number>(missing).fill(0), ...at.index],
  };
}

/** One tiling step on the suffix of `at` (padded with leading unit dimensions to the tile). */
function applyTile(unpadded: Coordinates, tile: readonly number[]): Coordinates {
  const at = withLeadingUnits(unpadded, tile.length);
  const offset = at.dims.length - tile.length;
  if (tile[tile.length - 1] === COMBINE) {
    throw new ConformanceConfigError(
      'tiles',
      `the most minor tile entry of (${tile}) cannot be '*'`,
    );
  }
  const sizes: number[] = [];
  const positions: number[] = [];
  const tileSizes: number[] = [];
  let carriedSize = 1;
  let carriedIndex = 0;
  tile.forEach((t, k) => {
    const size = at.dims[offset + k]!;
    const position = at.index[offset + k]!;
    // `*`: fold this dimension into the next more minor one (row-major within the pair).
    carriedIndex = carriedIndex * size + position;
    carriedSize *= size;
    if (t === COMBINE) return;
    sizes.push(carriedSize);
    positions.push(carriedIndex);
    tileSizes.push(t);
    carriedSize = 1;
    carriedIndex = 0;
  });
  return {
    dims: [
      ...at.dims.slice(0, offset),
      ...sizes.map((d, k) => Math.ceil(d / tileSizes[k]!)),
      ...tileSizes,
    ],
    index: [
      ...at.index.slice(0, offset),
      ...positions.map((e, k) => Math.floor(e / tileSizes[k]!)),
      ...positions.map((e, k) => e % tileSizes[k]!),
    ],
  };
}

function expand(spec: LayoutSpec, index: readonly number[]): Coordinates {
  return spec.tiles.reduce(applyTile, toPhysical(spec, index));
}

/**
 * Row-major linear index of `index` within `dims`.
 * @throws ConformanceConfigError when `dims` is no list of sizes or `index` is not inside it.
 */
export function rowMajorIndex(index: readonly number[], dims: readonly number[]): number {
  requireIntegers(dims, 'dims', 0, Number.MAX_SAFE_INTEGER, 64);
  checkIndex(index, dims, 'index');
  return index.reduce((sum, e, k) => sum * dims[k]! + e, 0);
}

/**
 * `linear_index_with_tile`: the physical element offset of logical `index`.
 * @throws ConformanceConfigError when `spec` is no LayoutSpec or `index` is not inside it.
 */
export function referenceLinearIndex(spec: LayoutSpec, index: readonly number[]): number {
  checkLayoutSpec(spec, 'spec');
  checkIndex(index, spec.dims, 'index');
  return offsetOf(spec, index);
}

/** The offset of an index already checked against a checked spec. */
function offsetOf(spec: LayoutSpec, index: readonly number[]): number {
  const { dims, index: expanded } = expand(spec, index);
  return expanded.reduce((sum, e, k) => sum * dims[k]! + e, 0);
}

/**
 * The fully expanded physical shape (tile counts, then tile sizes, per tiling level).
 * @throws ConformanceConfigError when `spec` is no LayoutSpec.
 */
export function referenceExpandedShape(spec: LayoutSpec): number[] {
  checkLayoutSpec(spec, 'spec');
  return [
    ...expand(
      spec,
      spec.dims.map(() => 0),
    ).dims,
  ];
}

/** Element slots of the expanded shape, rounded up to `L(n)`. */
export function referencePhysicalElementCount(spec: LayoutSpec): number {
  const expanded = referenceExpandedShape(spec).reduce((p, d) => p * d, 1);
  return Math.ceil(expanded / spec.tailPadding) * spec.tailPadding;
}

/**
 * Every logical index of `dims` in row-major order.
 * @throws ConformanceConfigError (on the first step) when `dims` is no list of sizes.
 */
export function* logicalIndices(dims: readonly number[]): Generator<number[]> {
  requireIntegers(dims, 'dims', 0, Number.MAX_SAFE_INTEGER, 64);
  const total = dims.reduce((p, d) => p * d, 1);
  for (let flat = 0; flat < total; flat++) {
    const index = new Array<number>(dims.length);
    let rest = flat;
    for (let k = dims.length - 1; k >= 0; k--) {
      index[k] = rest % dims[k]!;
      rest = Math.floor(rest / dims[k]!);
    }
    yield index;
  }
}

/**
 * For every logical element in row-major order, its physical offset.
 * @throws ConformanceConfigError when `spec` is no LayoutSpec or has more than 2^24 elements.
 */
export function referenceOffsets(spec: LayoutSpec): number[] {
  checkEnumerable(spec);
  return Array.from(logicalIndices(spec.dims), (index) => offsetOf(spec, index));
}

/**
 * The physical buffer of a relayout: element `e` of `values` (row-major) at its offset, every
 * other slot `padValue`.
 */
export function referenceRelayout(
  spec: LayoutSpec,
  values: ArrayLike<number>,
  padValue: number,
): number[] {
  checkEnumerable(spec);
  const count = spec.dims.reduce((p, d) => p * d, 1);
  requireNumbers(values, 'values', MAX_ENUMERATED);
  if (values.length !== count) refuse('values', `${count} values (one per element)`, values);
  if (typeof padValue !== 'number') refuse('padValue', 'a number', padValue);
  const buffer = new Array<number>(referencePhysicalElementCount(spec)).fill(padValue);
  referenceOffsets(spec).forEach((offset, flat) => {
    buffer[offset] = values[flat]!;
  });
  return buffer;
}
