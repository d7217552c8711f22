/**
 * What the TScatter and TGather gradients share: each runs the other kernel on `dy` through the
 * forward's indices, with the forward's tile geometry, and gives the indices a zero gradient.
 */
import { type Tensor, zeros } from '@tensorflow/tfjs-core';
import { tileExtentOf } from '../impl/tile_geometry.js';
import type { TileOpAttrs } from '../kernel_names.js';

/**
 * The attributes of the backward kernel common to both gradients: the forward's tile geometry
 * and index type, addressing the forward's source tile, float32 data, and `bounds: 'skip'`
 * (indices were checked forward; skipped entries get no gradient).
 */
export function backwardTileAttrs(src: Tensor, forward: TileOpAttrs): TileOpAttrs {
  return {
    // The forward source's tile (a 1-D source is one row).
    dstShape: [tileExtentOf(src.shape).rows, tileExtentOf(src.shape).cols],
    validRow: forward.validRow,
    validCol: forward.validCol,
    // dy is plain float32 whatever the forward's declared type.
    elementType: 'f32',
    indexType: forward.indexType,
    bounds: 'skip',
  };
}

/** The gradient of the integer offsets: none (zeros; tfjs requires float32 gradients). */
export const zeroIndexGradient = (idx: Tensor) => () => zeros(idx.shape);
