/**
 * Backend-free TGATHER loop: `dst[i, j] = src_flat[idx[i, j]]` over the index tile's valid
 * region, zeros elsewhere. The inverse of TSCATTER, and the gradient of TSCATTER when restricted
 * to each offset's last writer.
 */
import type { TGatherAttrs } from '../kernel_names.js';
import { ELEMENT_TYPE_INFO, INDEX_TYPE_INFO } from '../pto/element_types.js';
import type { TileGeometry } from './tile_geometry.js';
import {
  assertIndicesInBounds,
  assertValuesFit,
  type TileValues,
  zerosLike,
} from './tile_values.js';

/** The attributes the loop reads. */
export type TGatherImplAttrs = Pick<
  TGatherAttrs,
  'elementType' | 'indexType' | 'bounds' | 'select'
>;

/** Marks, per flat source offset, the index position (row-major) of its last writer, or -1. */
function lastWriters(idx: Int32Array, idxBase: number, g: TileGeometry, size: number): Int32Array {
  const winner = new Int32Array(size).fill(-1);
  for (let i = 0; i < g.validRow; i++) {
    const row = idxBase + i * g.idx.cols;
    for (let j = 0; j < g.validCol; j++) {
      const k = idx[row + j]!;
      if (k >= 0 && k < size) winner[k] = row + j;
    }
  }
  return winner;
}

/**
 * Gathers into a new zero-filled `dst` tile per batch entry. Inputs are never modified.
 * `select: 'lastWriter'` reads only at index positions that are the last (row-major) to name
 * their offset, leaving zero where a later entry repeats it.
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
  if (attrs.bounds === 'error') assertIndicesInBounds(op, idx, g, srcSize);

  const dstSize = g.dst.rows * g.dst.cols;
  const dst = zerosLike(src, g.batch * dstSize);
  const idxSize = g.idx.rows * g.idx.cols;
  for (let b = 0; b < g.batch; b++) {
    const idxBase = b * idxSize;
    const srcBase = b * srcSize;
    const winner = attrs.select === 'lastWriter' ? lastWriters(idx, idxBase, g, srcSize) : null;
    for (let i = 0; i < g.validRow; i++) {
      const idxRow = idxBase + i * g.idx.cols;
      const dstRow = b * dstSize + i * g.dst.cols;
      for (let j = 0; j < g.validCol; j++) {
        const k = idx[idxRow + j]!;
        if (k < 0 || k >= srcSize) continue; // only reachable with bounds: 'skip'
        if (winner !== null && winner[k] !== idxRow + j) continue;
        dst[dstRow + j] = src[srcBase + k]!;
      }
    }
  }
  return dst;
}
