/**
 * Backend-free TGATHER loop: `dst[i, j] = src_flat[idx[i, j]]` over the index tile's valid
 * region, zeros elsewhere, elements moved as bit patterns (a float32 NaN keeps its payload).
 * The inverse of TSCATTER, and the gradient of TSCATTER when restricted to each offset's last
 * writer.
 */
import type { TGatherAttrs } from '../kernel-names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element-types.js';
import { zerosLike } from './output-arrays.js';
import { moveRunThenCheck } from './run-moves.js';
import { bitsOf, valuesOfBits } from './tile-bits.js';
import type { TileGeometry } from './tile-geometry.js';
import { indexError, type TileRuns, validRuns } from './tile-runs.js';
import { assertValuesFit, type TileValues } from './tile-values.js';

/** The attributes the loop reads. */
export type TGatherImplAttrs = Pick<
  TGatherAttrs,
  'elementType' | 'indexType' | 'bounds' | 'select'
>;

/** Per flat source offset, the index storage position of its last (row-major) writer, or -1. */
function lastWriters(
  idx: Int32Array,
  idxBase: number,
  g: TileGeometry,
  runs: TileRuns,
  size: number,
): Int32Array {
  const winner = new Int32Array(size).fill(-1);
  for (let r = 0; r < runs.count; r++) {
    for (let x = idxBase + r * g.idx.cols, end = x + runs.length; x < end; x++) {
      const k = idx[x]!;
      if (k >>> 0 < size) winner[k] = x;
    }
  }
  return winner;
}

/**
 * Gathers into a new zero-filled `dst` tile per batch entry. Inputs are never modified.
 * `bounds: 'error'` throws on an out-of-range offset (the output is private until returned, so
 * a rejected call writes nothing visible);
 * `'skip'` leaves zero there. `select: 'lastWriter'` reads only at index positions that are the
 * last (row-major) to name their offset, leaving zero where a later entry repeats it.
 *
 * @param src Row-major storage of `g.batch` source tiles (addressed by flat offset).
 * @param idx Row-major storage of `g.batch` index tiles.
 * @returns Row-major storage of `g.batch` destination tiles, same array kind as `src`.
 * @throws TileValueError, TileIndexError
 */
export function tgatherImpl(
  src: TileValues,
  idx: Int32Array,
  g: TileGeometry,
  attrs: TGatherImplAttrs,
): TileValues {
  const op = 'tgather';
  assertValuesFit(op, 'src', src, ELEMENT_TYPE_INFO[attrs.elementType], attrs.elementType);
  assertValuesFit(op, 'idx', idx, INDEX_TYPE_INFO[attrs.indexType], attrs.indexType);
  const srcSize = g.src.rows * g.src.cols;
  const dstSize = g.dst.rows * g.dst.cols;
  const idxSize = g.idx.rows * g.idx.cols;
  // Elements move as bits (NaN payloads kept), through int32 views of the float storage.
  const values = bitsOf(src);
  const dst = zerosLike(values, g.batch * dstSize);
  const runs = validRuns(g, g.dst);
  for (let b = 0; b < g.batch; b++) {
    const winner =
      attrs.select === 'lastWriter' ? lastWriters(idx, b * idxSize, g, runs, srcSize) : null;
    for (let r = 0; r < runs.count; r++) {
      const x = b * idxSize + r * g.idx.cols;
      const d = b * dstSize + r * g.dst.cols;
      const outside =
        winner === null && attrs.bounds === 'error'
          ? moveRunThenCheck(dst, d, values, b * srcSize, idx, x, runs.length, srcSize, true)
          : gatherRun(dst, d, values, b * srcSize, idx, x, runs.length, srcSize, winner);
      if (outside >= 0 && attrs.bounds === 'error') {
        throw indexError(op, idx, g, b, x + outside, srcSize);
      }
    }
  }
  return valuesOfBits(dst, src);
}

/**
 * `dst[d + j] = src[s + idx[x + j]]` for j < length: one contiguous run of one batch entry,
 * whose source tile starts at `s` and holds `size` elements; offsets outside it are skipped, and
 * with `winner` so are index positions that are not their offset's last writer (`winner[k]`
 * holds the index storage position of the last writer of `k`). The loop of calls that skip
 * out-of-range offsets or select last writers; the others use {@link moveRunThenCheck}.
 *
 * @returns The run position of the first offset outside the source tile, or -1.
 */
function gatherRun(
  dst: TileValues,
  d: number,
  src: TileValues,
  s: number,
  idx: Int32Array,
  x: number,
  length: number,
  size: number,
  winner: Int32Array | null,
): number {
  let outside = -1;
  for (let j = 0; j < length; j++) {
    const k = idx[x + j]!;
    if (k >>> 0 < size) {
      if (winner === null || winner[k] === x + j) dst[d + j] = src[s + k]!;
    } else if (outside < 0) outside = j;
  }
  return outside;
}
