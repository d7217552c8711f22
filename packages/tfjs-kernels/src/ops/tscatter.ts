/** The `tscatter` op: PTO TSCATTER on tfjs tensors. */
import { op, type Tensor, type TensorLike } from '@tensorflow/tfjs-core';
import { TScatter, type TScatterAttrs } from '../kernel-names.js';
import { optionsObject } from './options-object.js';
import { runTilekitKernel } from './run-kernel.js';
import { resolveTileCall, TILE_OP_OPTION_KEYS, type TileOpOptions } from './tile-op-options.js';
import { toTensor } from './to-tensor.js';

/** Options of `tscatter`. */
export interface TScatterOptions extends TileOpOptions {
  /** Destination tile `[rows, cols]` (or `[batch, rows, cols]`; `[size]` for 1-D inputs). */
  readonly dstShape: readonly number[];
}

/**
 * PTO TSCATTER: returns a new zero-filled `[rows, cols]` tile (per batch entry) in which, for
 * each `(i, j)` of the index tile's valid region in row-major order,
 * `dst_flat[idx[i, j]] = src[i, j]`; `dst_flat` is the destination's row-major storage, so an
 * offset may land in any column. Duplicate offsets: the last writer wins.
 *
 * With `target: 'general'` no PTO tile rule applies (any widths, e.g. a 2x3 float32 tile) and
 * `src`/`idx` may be 1-D with `dstShape: [size]`: a deterministic scatter for any tfjs program
 * (tfjs's own scatter leaves the winner of duplicate indices unspecified).
 *
 * ```js
 * const src = tf.tensor2d([[1, 2, 3, 4, 5, 6, 7, 8]]);
 * const idx = tf.tensor2d([[7, 6, 5, 4, 3, 2, 1, 0]], undefined, 'int32');
 * tscatter(src, idx, {dstShape: [1, 8]}).print(); // [[8, 7, 6, 5, 4, 3, 2, 1]]
 * ```
 *
 * @param src Source tile(s), float32 or int32, `[rows, cols]` or `[batch, rows, cols]` (or
 *   1-D under `target: 'general'`).
 * @param idx Index tile(s) (int32, flat destination offsets), same rank and batch as `src`.
 * @param options `dstShape` (required) and the PTO tile options.
 * @throws KernelArgumentError, PtoConstraintError, TileValueError, TileIndexError,
 *   KernelNotRegisteredError
 */
function tscatter_(
  src: Tensor | TensorLike,
  idx: Tensor | TensorLike,
  options: TScatterOptions,
): Tensor {
  const opts = optionsObject('tscatter', options, TILE_OP_OPTION_KEYS, 'dstShape');
  const $src = toTensor(src, 'src', 'tscatter');
  const $idx = toTensor(idx, 'idx', 'tscatter', 'int32');
  const attrs: TScatterAttrs = {
    ...resolveTileCall('tscatter', 'TSCATTER', $src, $idx, opts, opts.dstShape),
    mode: 'assign',
  };
  return runTilekitKernel(TScatter, { src: $src, idx: $idx }, attrs);
}

export const tscatter = op({ tscatter_ });
