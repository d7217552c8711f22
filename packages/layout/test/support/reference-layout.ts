/**
 * An independent, deliberately naive reference for tiled layouts, written straight from the
 * seed document's formulas (linear_index_with_tile applied tile by tile to the suffix of the
 * expanded shape, `*` removing a dimension and multiplying it into the next) without sharing
 * any code with src/. Slow and allocation-heavy on purpose: it is only a yardstick.
 */
import type { ArrayShape } from '../../src/index.js';

interface Point {
  readonly dims: number[];
  readonly index: number[];
}

/** linear_index(e, d) = e_n d_{n-1}...d_1 + ... + e_1, most major first. */
export function plainLinearIndex(index: readonly number[], dims: readonly number[]): number {
  let result = 0;
  for (let i = 0; i < dims.length; i++) {
    let stride = 1;
    for (let j = i + 1; j < dims.length; j++) stride *= dims[j]!;
    result += index[i]! * stride;
  }
  return result;
}

function sizes(shape: ArrayShape): number[] {
  return shape.dimensions.map((dim) => (dim.kind === 'unbounded' ? Number.NaN : dim.size));
}

/** Physical order: the minor_to_major list read backwards. */
function toPhysical(shape: ArrayShape, index: readonly number[]): Point {
  const majorToMinor = [...shape.layout.minorToMajor].reverse();
  const logical = sizes(shape);
  return {
    dims: majorToMinor.map((axis) => logical[axis]!),
    index: majorToMinor.map((axis) => index[axis]!),
  };
}

/** One tile on the suffix: pad with leading 1s, fold `*` dims into their minor neighbour, split. */
function applyTile(point: Point, tile: readonly number[]): Point {
  let dims = [...point.dims];
  let index = [...point.index];
  while (dims.length < tile.length) {
    dims = [1, ...dims];
    index = [0, ...index];
  }
  const offset = dims.length - tile.length;
  const keptTile: number[] = [];
  const keptDims: number[] = dims.slice(0, offset);
  const keptIndex: number[] = index.slice(0, offset);
  let carryDim = 1;
  let carryIndex = 0;
  tile.forEach((t, j) => {
    const d = dims[offset + j]!;
    const e = index[offset + j]!;
    carryIndex = carryIndex * d + e;
    carryDim *= d;
    if (t === -1) return; // `*`: keep folding into the next dimension
    keptDims.push(carryDim);
    keptIndex.push(carryIndex);
    keptTile.push(t);
    carryDim = 1;
    carryIndex = 0;
  });
  const counts = keptTile.map((t, j) => Math.ceil(keptDims[offset + j]! / t));
  const tileIndex = keptTile.map((t, j) => Math.floor(keptIndex[offset + j]! / t));
  const inTile = keptTile.map((t, j) => keptIndex[offset + j]! % t);
  return {
    dims: [...keptDims.slice(0, offset), ...counts, ...keptTile],
    index: [...keptIndex.slice(0, offset), ...tileIndex, ...inTile],
  };
}

function expand(shape: ArrayShape, index: readonly number[]): Point {
  return shape.layout.tiles.reduce(applyTile, toPhysical(shape, index));
}

/** Reference physical offset of a logical index. */
export function referenceLinearIndex(shape: ArrayShape, index: readonly number[]): number {
  const { dims, index: expanded } = expand(shape, index);
  return plainLinearIndex(expanded, dims);
}

/** Reference physical slot count: product of the expanded dims, rounded up by L. */
export function referencePhysicalCount(shape: ArrayShape): number {
  const { dims } = expand(
    shape,
    shape.dimensions.map(() => 0),
  );
  const count = dims.reduce((a, b) => a * b, 1);
  const alignment = shape.layout.tailPaddingAlignmentInElements;
  return Math.ceil(count / alignment) * alignment;
}

/** Every logical index of `dims` in row-major order. */
export function* allIndices(dims: readonly number[]): Generator<number[]> {
  const total = dims.reduce((a, b) => a * b, 1);
  for (let flat = 0; flat < total; flat++) {
    const index = new Array<number>(dims.length);
    let rest = flat;
    for (let axis = dims.length - 1; axis >= 0; axis--) {
      index[axis] = rest % dims[axis]!;
      rest = Math.floor(rest / dims[axis]!);
    }
    yield index;
  }
}

/** Static sizes of a shape (bounds for bounded dims). */
export function logicalDims(shape: ArrayShape): number[] {
  return sizes(shape);
}
