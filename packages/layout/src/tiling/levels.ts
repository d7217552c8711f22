import { COMBINE_DIMENSION, type Tile } from '../types.js';

/** `*` at some tile position: the dimension at `at` is folded into the next more minor one. */
export interface Merge {
  /** Position of the more major dimension, in the dimension list as it is when the merge runs. */
  readonly at: number;
  /** Size of the more minor dimension it is folded into (before folding). */
  readonly minorSize: number;
}

/**
 * One tile applied to the current expanded shape (LinearIndexForNestedTiling, extended with
 * the seed document's `*`). Four structural steps, all recorded so the scalar index code,
 * the fast maps and the relayout plan replay exactly the same thing:
 *  1. `prepend` unit dimensions when the tile has more dimensions than the shape;
 *  2. `merges`: each `*` folds its dimension into the next more minor one (a reshape);
 *  3. the last `tile.length` dimensions are padded up to multiples of `tile`;
 *  4. each is split into (count, size) and the sizes move to the end:
 *     `outputDims = [untouched prefix, counts..., tile...]`.
 */
export interface TileLevel {
  readonly inputDims: readonly number[];
  readonly prepend: number;
  readonly merges: readonly Merge[];
  /** Dimensions after prepending and merging, before padding. */
  readonly combinedDims: readonly number[];
  /** The tile with its `*` entries removed. */
  readonly tile: readonly number[];
  readonly outputDims: readonly number[];
}

function applyTile(inputDims: readonly number[], rawTile: Tile): TileLevel {
  const prepend = Math.max(0, rawTile.length - inputDims.length);
  const dims = [...new Array<number>(prepend).fill(1), ...inputDims];
  const first = dims.length - rawTile.length;
  const merges: Merge[] = [];
  const tile: number[] = [];
  for (let j = 0; j < rawTile.length; j++) {
    const size = rawTile[j]!;
    if (size !== COMBINE_DIMENSION) {
      tile.push(size);
      continue;
    }
    // Earlier merges have already removed `merges.length` dimensions in front of this one.
    const at = first + j - merges.length;
    const minorSize = dims[at + 1]!;
    merges.push({ at, minorSize });
    dims.splice(at, 2, dims[at]! * minorSize);
  }
  const prefix = dims.length - tile.length;
  const counts = tile.map((size, j) => Math.ceil(dims[prefix + j]! / size));
  return {
    inputDims,
    prepend,
    merges,
    combinedDims: dims,
    tile,
    outputDims: [...dims.slice(0, prefix), ...counts, ...tile],
  };
}

/**
 * Applies `tiles` in order to the physical dimensions (most major first), each to the suffix
 * of the shape the previous one produced. Tiles must already be valid (non-empty, positive
 * or `*`, not ending in `*`).
 */
export function planTileLevels(
  physicalDims: readonly number[],
  tiles: readonly Tile[],
): TileLevel[] {
  const levels: TileLevel[] = [];
  let dims = physicalDims;
  for (const tile of tiles) {
    const level = applyTile(dims, tile);
    levels.push(level);
    dims = level.outputDims;
  }
  return levels;
}

/** Product of sizes (1 for none). */
export function product(dims: readonly number[]): number {
  let result = 1;
  for (const dim of dims) result *= dim;
  return result;
}
