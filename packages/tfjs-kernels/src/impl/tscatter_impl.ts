/**
 * Backend-free TSCATTER loop: `dst_flat[idx[i, j]] = src[i, j]` over the index tile's valid
 * region in row-major order, on a zero-filled destination (PTO's flat-offset semantics).
 */
import type { TScatterAttrs } from '../kernel_names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element_types.js';
import type { TileGeometry } from './tile_geometry.js';
import { indexError, validRuns } from './tile_runs.js';
import { assertValuesFit, type TileValues, zerosLike } from './tile_values.js';

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
  const dst = zerosLike(src, g.batch * dstSize);
  // One loop per mode keeps the hot assign loop free of a per-element mode test.
  const scatterRun = attrs.mode === 'add' ? addRun : assignRun;
  const runs = validRuns(g, g.src);
  const srcSize = g.src.rows * g.src.cols;
  const idxSize = g.idx.rows * g.idx.cols;
  for (let b = 0; b < g.batch; b++) {
    const dstTile = dst.subarray(b * dstSize, (b + 1) * dstSize);
    for (let r = 0; r < runs.count; r++) {
      const s = b * srcSize + r * g.src.cols;
      const x = b * idxSize + r * g.idx.cols;
      const outside = scatterRun(
        dstTile,
        src.subarray(s, s + runs.length),
        idx.subarray(x, x + runs.length),
      );
      if (outside >= 0 && attrs.bounds === 'error') {
        throw indexError(op, idx, g, b, x + outside, dstSize);
      }
    }
  }
  return dst;
}

/**
 * `dst[idx[j]] = src[j]` for one contiguous run; offsets outside `dst` write nothing (a typed
 * array ignores stores outside its bounds), so the loop body is the bare scatter plus a
 * branch-free range check. Views over the run keep a single induction variable.
 *
 * @returns The run position of the first offset outside `dst`, or -1.
 */
function assignRun(dst: TileValues, src: TileValues, idx: Int32Array): number {
  const last = dst.length - 1;
  // The sign bit of (k | last - k) is set iff k < 0 or k > last; OR-ing keeps any such bit.
  let outside = 0;
  for (let j = 0; j < idx.length; j++) {
    const k = idx[j]!;
    outside |= k | (last - k);
    dst[k] = src[j]!;
  }
  return outside < 0 ? firstOutside(idx, dst.length) : -1;
}

/** The position of the first entry of `idx` outside `0 .. size - 1` (one is known to exist). */
function firstOutside(idx: Int32Array, size: number): number {
  let j = 0;
  while (idx[j]! >>> 0 < size) j++;
  return j;
}

/** As {@link assignRun}, summing colliding values (`dst[idx[j]] += src[j]`). */
function addRun(dst: TileValues, src: TileValues, idx: Int32Array): number {
  const size = dst.length;
  let outside = -1;
  for (let j = 0; j < idx.length; j++) {
    const k = idx[j]!;
    if (k >>> 0 < size) dst[k]! += src[j]!;
    else if (outside < 0) outside = j;
  }
  return outside;
}
