/**
 * Backend-free TGATHER loop: `dst[i, j] = src_flat[idx[i, j]]` over the index tile's valid
 * region, zeros elsewhere, elements moved as bit patterns (a float32 NaN keeps its payload).
 * The inverse of TSCATTER, and the gradient of TSCATTER when restricted to each offset's last
 * writer.
 */
import type { TGatherAttrs } from '../kernel-names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element-types.js';
import { zerosLike } from './output-arrays.js';
import { bitsOf, valuesOfBits } from './tile-bits.js';
import type { TileGeometry } from './tile-geometry.js';
import { firstOutside, indexError, type TileRuns, validRuns } from './tile-runs.js';
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
  op = 'tgather',
): TileValues {
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
          ? gatherRunThenCheck(dst, d, values, b * srcSize, srcSize, idx, x, runs.length)
          : gatherRun(dst, d, values, b * srcSize, srcSize, idx, x, runs.length, winner);
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
 * holds the index storage position of the last writer of `k`). Arrays and offsets rather than a
 * view per run, as in TSCATTER's loop.
 *
 * @returns The run position of the first offset outside the source tile, or -1.
 */
function gatherRun(
  dst: TileValues,
  d: number,
  src: TileValues,
  s: number,
  size: number,
  idx: Int32Array,
  x: number,
  length: number,
  winner: Int32Array | null,
): number {
  let outside = -1;
  for (let j = 0; j < length; j++) {
    const k = idx[x + j]!;
    if (k >>> 0 >= size) {
      if (outside < 0) outside = j;
    } else if (winner === null || winner[k] === x + j) {
      dst[d + j] = src[s + k]!;
    }
  }
  return outside;
}

/**
 * As {@link gatherRun} without `winner`, for calls that reject out-of-range offsets: loads
 * without testing each offset, unrolled by eight, and tests them all at once afterwards (the
 * sign bit of an OR over `k | (size - 1 - k)`), as TSCATTER's `assignRunThenCheck` does. An
 * out-of-range entry may have read another batch entry's tile or nothing (NaN or 0) into the
 * private output, which the caller discards when it throws.
 *
 * @returns The run position of the first offset outside the source tile, or -1.
 */
function gatherRunThenCheck(
  dst: TileValues,
  d: number,
  src: TileValues,
  s: number,
  size: number,
  idx: Int32Array,
  x: number,
  length: number,
): number {
  const last = size - 1;
  let signs = 0;
  let j = 0;
  for (const unrolledEnd = length & ~7; j < unrolledEnd; j += 8) {
    const k0 = idx[x + j]!;
    const k1 = idx[x + j + 1]!;
    const k2 = idx[x + j + 2]!;
    const k3 = idx[x + j + 3]!;
    const k4 = idx[x + j + 4]!;
    const k5 = idx[x + j + 5]!;
    const k6 = idx[x + j + 6]!;
    const k7 = idx[x + j + 7]!;
    signs |= k0 | k1 | k2 | k3 | k4 | k5 | k6 | k7;
    signs |= (last - k0) | (last - k1) | (last - k2) | (last - k3);
    signs |= (last - k4) | (last - k5) | (last - k6) | (last - k7);
    dst[d + j] = src[s + k0]!;
    dst[d + j + 1] = src[s + k1]!;
    dst[d + j + 2] = src[s + k2]!;
    dst[d + j + 3] = src[s + k3]!;
    dst[d + j + 4] = src[s + k4]!;
    dst[d + j + 5] = src[s + k5]!;
    dst[d + j + 6] = src[s + k6]!;
    dst[d + j + 7] = src[s + k7]!;
  }
  for (; j < length; j++) {
    const k = idx[x + j]!;
    signs |= k | (last - k);
    dst[d + j] = src[s + k]!;
  }
  return signs >= 0 ? -1 : firstOutside(idx, x, size);
}
