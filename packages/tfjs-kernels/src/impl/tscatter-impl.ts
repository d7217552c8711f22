/**
 * Backend-free TSCATTER loop: `dst_flat[idx[i, j]] = src[i, j]` over the index tile's valid
 * region in row-major order, on a zero-filled destination (PTO's flat-offset semantics). Elements
 * move as bit patterns (a float32 NaN keeps its payload).
 */
import type { TScatterAttrs } from '../kernel-names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element-types.js';
import { zerosLike } from './output-arrays.js';
import { moveRunThenCheck, type RunMove } from './run-moves.js';
import { bitsOf, valuesOfBits } from './tile-bits.js';
import type { TileGeometry } from './tile-geometry.js';
import { indexError, validRuns } from './tile-runs.js';
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
): TileValues {
  const op = 'tscatter';
  assertValuesFit(op, 'src', src, ELEMENT_TYPE_INFO[attrs.elementType], attrs.elementType);
  assertValuesFit(op, 'idx', idx, INDEX_TYPE_INFO[attrs.indexType], attrs.indexType);
  const dstSize = g.dst.rows * g.dst.cols;
  // Assignments move bits (NaN payloads kept); only 'add' computes with the values.
  const values = attrs.mode === 'add' ? src : bitsOf(src);
  const dst = zerosLike(values, g.batch * dstSize);
  // One loop per mode keeps the hot assign loop free of a per-element mode test.
  const scatterRun =
    attrs.mode === 'add' ? addRun : attrs.bounds === 'error' ? moveRunThenCheck : assignRun;
  const runs = validRuns(g, g.src);
  const srcSize = g.src.rows * g.src.cols;
  const idxSize = g.idx.rows * g.idx.cols;
  for (let b = 0; b < g.batch; b++) {
    for (let r = 0; r < runs.count; r++) {
      const s = b * srcSize + r * g.src.cols;
      const x = b * idxSize + r * g.idx.cols;
      const outside = scatterRun(dst, b * dstSize, values, s, idx, x, runs.length, dstSize, false);
      if (outside >= 0 && attrs.bounds === 'error') {
        throw indexError(op, idx, g, b, x + outside, dstSize);
      }
    }
  }
  return valuesOfBits(bitsOf(dst), src);
}

/** `dst[d + idx[x + j]] = src[s + j]`, skipping offsets outside the tile. */
const assignRun: RunMove = (dst, d, src, s, idx, x, length, size) => {
  let outside = -1;
  for (let j = 0; j < length; j++) {
    const k = idx[x + j]!;
    // `k >>> 0` maps negative offsets past any size, so one compare rejects both ends.
    if (k >>> 0 < size) dst[d + k] = src[s + j]!;
    else if (outside < 0) outside = j;
  }
  return outside;
};

/** As {@link assignRun}, summing colliding values (`dst[d + idx[x + j]] += src[s + j]`). */
const addRun: RunMove = (dst, d, src, s, idx, x, length, size) => {
  let outside = -1;
  for (let j = 0; j < length; j++) {
    const k = idx[x + j]!;
    if (k >>> 0 < size) dst[d + k]! += src[s + j]!;
    else if (outside < 0) outside = j;
  }
  return outside;
};
