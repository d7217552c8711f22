import type { CompiledLayout } from './compile.js';

/**
 * The scalar index engine: LayoutUtil::LinearIndexForNestedTiling forwards (logical index →
 * physical coordinates) and backwards, with the seed's `*` combining. Works in place on a
 * caller-provided Float64Array so per-element callers allocate nothing.
 */

/** A scratch buffer with room for every dimension list `compiled` passes through. */
export function scratchFor(compiled: CompiledLayout): Float64Array {
  return new Float64Array(Math.max(1, compiled.maxRank));
}

/**
 * Writes into `coords` the coordinates of logical `index` after the first `levelCount` tile
 * levels (all by default) and returns how many there are. Coordinates outside the logical
 * bounds but inside the first tile's padding land on the matching padding slot.
 */
export function expandIndex(
  compiled: CompiledLayout,
  index: ArrayLike<number>,
  coords: Float64Array,
  levelCount = compiled.levels.length,
): number {
  const axes = compiled.physicalAxes;
  let n = axes.length;
  for (let p = 0; p < n; p++) coords[p] = index[axes[p]!]!;
  for (let l = 0; l < levelCount; l++) {
    const level = compiled.levels[l]!;
    if (level.prepend > 0) {
      coords.copyWithin(level.prepend, 0, n);
      coords.fill(0, 0, level.prepend);
      n += level.prepend;
    }
    for (const { at, minorSize } of level.merges) {
      coords[at + 1] = coords[at]! * minorSize + coords[at + 1]!;
      coords.copyWithin(at, at + 1, n);
      n--;
    }
    const tile = level.tile;
    const first = n - tile.length;
    for (let j = 0; j < tile.length; j++) {
      const x = coords[first + j]!;
      const within = x % tile[j]!;
      coords[n + j] = within;
      coords[first + j] = (x - within) / tile[j]!;
    }
    n += tile.length;
  }
  return n;
}

/** Row-major linear position of `coords[0..count)` in `dims`. */
export function rowMajor(
  coords: ArrayLike<number>,
  dims: readonly number[],
  count = dims.length,
): number {
  let offset = 0;
  for (let p = 0; p < count; p++) offset = offset * dims[p]! + coords[p]!;
  return offset;
}

/** Physical element offset of a (valid) logical index. */
export function physicalOffset(
  compiled: CompiledLayout,
  index: ArrayLike<number>,
  coords: Float64Array,
): number {
  const n = expandIndex(compiled, index, coords);
  return rowMajor(coords, compiled.expandedDims, n);
}

/**
 * Logical index stored at physical `offset` (0 <= offset < physicalCount), or null when the
 * slot is padding: a tile's overhang at any level, or the `L` tail.
 */
export function logicalIndexAt(compiled: CompiledLayout, offset: number): number[] | null {
  if (offset >= compiled.expandedCount) return null;
  const coords = scratchFor(compiled);
  const dims = compiled.expandedDims;
  let n = dims.length;
  let rest = offset;
  for (let p = n - 1; p >= 0; p--) {
    coords[p] = rest % dims[p]!;
    rest = Math.floor(rest / dims[p]!);
  }
  for (let l = compiled.levels.length - 1; l >= 0; l--) {
    const level = compiled.levels[l]!;
    const { tile, combinedDims } = level;
    const first = combinedDims.length - tile.length;
    for (let j = 0; j < tile.length; j++) {
      const x = coords[first + j]! * tile[j]! + coords[first + tile.length + j]!;
      if (x >= combinedDims[first + j]!) return null;
      coords[first + j] = x;
    }
    n -= tile.length;
    for (let m = level.merges.length - 1; m >= 0; m--) {
      const { at, minorSize } = level.merges[m]!;
      const merged = coords[at]!;
      coords.copyWithin(at + 1, at, n);
      n++;
      coords[at] = Math.floor(merged / minorSize);
      coords[at + 1] = merged % minorSize;
    }
    // Prepended unit dimensions hold 0 here: the bounds check above already enforced it.
    coords.copyWithin(0, level.prepend, n);
    n -= level.prepend;
  }
  const index = new Array<number>(compiled.physicalAxes.length);
  compiled.physicalAxes.forEach((axis, p) => {
    index[axis] = coords[p]!;
  });
  return index;
}
