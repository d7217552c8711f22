/**
 * Backend-free TSCATTER loop: `dst_flat[idx[i, j]] = src[i, j]` over the index tile's valid
 * region in row-major order, on a zero-filled destination (PTO's flat-offset semantics).
 */
import type { TScatterAttrs } from '../kernel_names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element_types.js';
import type { TileGeometry } from './tile_geometry.js';
import {
  assertIndicesInBounds,
  assertValuesFit,
  type TileValues,
  zerosLike,
} from './tile_values.js';

/** The attributes the loop reads. */
export type TScatterImplAttrs = Pick<
  TScatterAttrs,
  'elementType' | 'indexType' | 'bounds' | 'mode'
>;

/**
 * Scatters every batch entry's `src` tile into a new zero-filled `dst` tile. Inputs are never
 * modified. With `bounds: 'error'` all checks run before any write; with `'skip'` out-of-range
 * entries are ignored. `mode: 'assign'` lets the last writer in row-major order win;
 * `mode: 'add'` sums colliding values (the gradient of TGATHER).
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
  if (attrs.bounds === 'error') assertIndicesInBounds(op, idx, g, dstSize);

  const dst = zerosLike(src, g.batch * dstSize);
  const add = attrs.mode === 'add';
  const srcSize = g.src.rows * g.src.cols;
  const idxSize = g.idx.rows * g.idx.cols;
  for (let b = 0; b < g.batch; b++) {
    const dstBase = b * dstSize;
    for (let i = 0; i < g.validRow; i++) {
      const srcRow = b * srcSize + i * g.src.cols;
      const idxRow = b * idxSize + i * g.idx.cols;
      for (let j = 0; j < g.validCol; j++) {
        const k = idx[idxRow + j]!;
        if (k < 0 || k >= dstSize) continue; // only reachable with bounds: 'skip'
        if (add) dst[dstBase + k]! += src[srcRow + j]!;
        else dst[dstBase + k] = src[srcRow + j]!;
      }
    }
  }
  return dst;
}
