/**
 * Backend-free TSCATTER loop: `dst_flat[idx[i, j]] = src[i, j]` over the index tile's valid
 * region in row-major order, on a zero-filled destination (PTO's flat-offset semantics). Elements
 * move as bit patterns (a float32 NaN keeps its payload).
 */
import type { TScatterAttrs } from '../kernel-names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element-types.js';
import { zerosLike } from './output-arrays.js';
import { bitsOf, valuesOfBits } from './tile-bits.js';
import type { TileGeometry } from './tile-geometry.js';
import { firstOutside, indexError, validRuns } from './tile-runs.js';
import { assertValuesFit, type TileValues } from './tile-values.js';

/** The attributes the loop reads. */
export type TScatterImplAttrs = Pick<
  TScatterAttrs,
  'elementType' | 'indexType' | 'bounds' | 'mode'
>;

/**
 * Scatters every batch entry's `src` tile into a new zero-filled `dst` tile. Inputs are never
 * modified. With `bounds: 'error'` an out-of-range offset throws; the output buffer is private
 * until returned, so a rejected call writes nothing anywhere visible. With `'skip'` such entries are
 * ignored. `mode: 'assign'` lets the last writer in row-major order win; `mode: 'add'` sums
 * colliding values (the gradient of TGATHER).
 *
 * @param src Row-major storage of `g.batch` source tiles.
 * @param idx Row-major storage of `g.batch` index tiles (flat destination offsets).
 * @returns Row-major storage of `g.batch` destination tiles, same array kind as `src`.
 * @throws TileValueError, TileIndexError
 */
export function tscatterImpl(
  src: TileValues,
  idx: Int32Array,
  g: TileGeometry,
  attrs: TScatterImplAttrs,
  op = 'tscatter',
): TileValues {
  assertValuesFit(op, 'src', src, ELEMENT_TYPE_INFO[attrs.elementType], attrs.elementType);
  assertValuesFit(op, 'idx', idx, INDEX_TYPE_INFO[attrs.indexType], attrs.indexType);
  const dstSize = g.dst.rows * g.dst.cols;
  // Assignments move bits (NaN payloads kept); only 'add' computes with the values.
  const values = attrs.mode === 'add' ? src : bitsOf(src);
  const dst = zerosLike(values, g.batch * dstSize);
  // One loop per mode keeps the hot assign loop free of a per-element mode test.
  const scatterRun =
    attrs.mode === 'add' ? addRun : attrs.bounds === 'error' ? assignRunThenCheck : assignRun;
  const runs = validRuns(g, g.src);
  const srcSize = g.src.rows * g.src.cols;
  const idxSize = g.idx.rows * g.idx.cols;
  for (let b = 0; b < g.batch; b++) {
    for (let r = 0; r < runs.count; r++) {
      const s = b * srcSize + r * g.src.cols;
      const x = b * idxSize + r * g.idx.cols;
      const outside = scatterRun(dst, b * dstSize, dstSize, values, s, idx, x, runs.length);
      if (outside >= 0 && attrs.bounds === 'error') {
        throw indexError(op, idx, g, b, x + outside, dstSize);
      }
    }
  }
  return valuesOfBits(bitsOf(dst), src);
}

/**
 * `dst[d + idx[x + j]] = src[s + j]` for j < length: one contiguous run of one batch entry,
 * whose destination tile starts at `d` and holds `size` elements; offsets outside the tile are
 * skipped. Arrays and offsets rather than a view per run or per tile: as fast as a bare scatter
 * loop, where subarray views per run slow it down markedly.
 *
 * @returns The run position of the first offset outside the tile, or -1.
 */
function assignRun(
  dst: TileValues,
  d: number,
  size: number,
  src: TileValues,
  s: number,
  idx: Int32Array,
  x: number,
  length: number,
): number {
  let outside = -1;
  for (let j = 0; j < length; j++) {
    const k = idx[x + j]!;
    // `k >>> 0` maps negative offsets past any size, so one compare rejects both ends.
    if (k >>> 0 < size) dst[d + k] = src[s + j]!;
    else if (outside < 0) outside = j;
  }
  return outside;
}

/**
 * As {@link assignRun} for calls that reject out-of-range offsets: stores without testing each
 * offset, unrolled by eight, and tests them all at once afterwards (the sign bit of an OR over
 * `k | (size - 1 - k)` is set iff some k is outside `0 .. size - 1`). An out-of-range entry may
 * then have landed in another batch entry's tile, or nowhere (typed arrays drop stores outside
 * them), but only in the private output that the caller discards when it throws. Faster than the
 * tested loop (`bench/tscatter.bench.ts`).
 *
 * @returns The run position of the first offset outside the tile, or -1.
 */
function assignRunThenCheck(
  dst: TileValues,
  d: number,
  size: number,
  src: TileValues,
  s: number,
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
    dst[d + k0] = src[s + j]!;
    dst[d + k1] = src[s + j + 1]!;
    dst[d + k2] = src[s + j + 2]!;
    dst[d + k3] = src[s + j + 3]!;
    dst[d + k4] = src[s + j + 4]!;
    dst[d + k5] = src[s + j + 5]!;
    dst[d + k6] = src[s + j + 6]!;
    dst[d + k7] = src[s + j + 7]!;
  }
  for (; j < length; j++) {
    const k = idx[x + j]!;
    signs |= k | (last - k);
    dst[d + k] = src[s + j]!;
  }
  return signs >= 0 ? -1 : firstOutside(idx, x, size);
}

/** As {@link assignRun}, summing colliding values (`dst[d + idx[x + j]] += src[s + j]`). */
function addRun(
  dst: TileValues,
  d: number,
  size: number,
  src: TileValues,
  s: number,
  idx: Int32Array,
  x: number,
  length: number,
): number {
  let outside = -1;
  for (let j = 0; j < length; j++) {
    const k = idx[x + j]!;
    if (k >>> 0 < size) dst[d + k]! += src[s + j]!;
    else if (outside < 0) outside = j;
  }
  return outside;
}
