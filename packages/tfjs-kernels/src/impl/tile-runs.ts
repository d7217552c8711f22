/**
 * The valid region of an index tile as contiguous runs of storage: one run per valid row, or a
 * single run covering every valid row when rows are stored back to back (full-width regions),
 * so the hot loops stay flat like a bare typed-array loop.
 */
import { TileIndexError } from '../errors.js';
import type { TileExtent, TileGeometry } from './tile-geometry.js';

/** How the valid region of one batch entry splits into contiguous runs. */
export interface TileRuns {
  /** Number of runs per batch entry. */
  readonly count: number;
  /** Elements per run. */
  readonly length: number;
}

/**
 * Runs shared by the index tile and the data tile `paired` with it (read by TSCATTER, written by
 * TGATHER): a single run when both are exactly as wide as the valid region.
 */
export function validRuns(g: TileGeometry, paired: TileExtent): TileRuns {
  const contiguous = g.validCol === g.idx.cols && g.validCol === paired.cols;
  return contiguous
    ? { count: g.validRow > 0 ? 1 : 0, length: g.validRow * g.validCol }
    : { count: g.validRow, length: g.validCol };
}

/**
 * Run position of the first of `idx[x]`, `idx[x + 1]`, ... outside `0 .. size - 1`: for loops
 * that test a whole run at once and must then name the entry. The caller knows there is one.
 */
export function firstOutside(idx: Int32Array, x: number, size: number): number {
  let j = 0;
  while (idx[x + j]! >>> 0 < size) j++;
  return j;
}

/** The error for the index entry at flat storage position `x` of batch entry `b`. */
export function indexError(
  op: string,
  idx: Int32Array,
  g: TileGeometry,
  b: number,
  x: number,
  addressedSize: number,
): TileIndexError {
  const within = x - b * g.idx.rows * g.idx.cols;
  return new TileIndexError(
    op,
    [b, Math.floor(within / g.idx.cols), within % g.idx.cols],
    idx[x]!,
    addressedSize,
  );
}
