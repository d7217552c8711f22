/**
 * The shape every backend-free tile loop has (`tscatterImpl`, `tgatherImpl`): each backend's
 * TScatter/TGather kernel, and the GPU kernels' CPU route, run one through this signature.
 */
import type { TileGeometry } from './tile-geometry.js';
import type { TileValues } from './tile-values.js';

/**
 * A backend-free tile loop: the op's output values from `src`, `idx` and the call's geometry,
 * given the attributes `A` it reads.
 */
export type TileLoop<A> = (
  src: TileValues,
  idx: Int32Array,
  g: TileGeometry,
  attrs: A,
) => TileValues;
