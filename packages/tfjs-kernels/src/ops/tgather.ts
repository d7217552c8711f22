/** The `tgather` op: PTO TGATHER (flat-offset form) on tfjs tensors. */
import { op, type Tensor, type TensorLike } from '@tensorflow/tfjs-core';
import { TGather, type TGatherAttrs } from '../kernel-names.js';
import { optionsObject } from './options-object.js';
import { runTilekitKernel } from './run-kernel.js';
import { resolveTileCall, TILE_OP_OPTION_KEYS, type TileOpOptions } from './tile-op-options.js';
import { toTensor } from './to-tensor.js';

/** Options of `tgather`. */
export interface TGatherOptions extends TileOpOptions {
  /**
   * Output tile `[rows, cols]` (or `[batch, rows, cols]`; `[size]` for 1-D inputs); default: the
   * index tile's shape, so an empty index tile gives an empty output. A shape passed here must
   * have rows and columns.
   */
  readonly dstShape?: readonly number[];
}

/**
 * PTO TGATHER with flat offsets: returns a new tile (per batch entry) with
 * `dst[i, j] = src_flat[idx[i, j]]` over the index tile's valid region and zeros elsewhere;
 * `src_flat` is the source's row-major storage. The inverse of `tscatter`:
 * `tgather(tscatter(src, idx, o), idx, {dstShape: src.shape})` restores `src` on the valid
 * region when the offsets are distinct. With `target: 'general'` no PTO tile rule applies and
 * `src`/`idx` may be 1-D (see `tscatter`).
 *
 * @param src Source tile(s) to read by flat offset, float32 or int32.
 * @param idx Index tile(s) (int32), same rank and batch as `src`.
 * @param options Output shape and the PTO tile options.
 * @throws KernelArgumentError, PtoConstraintError, TileValueError, TileIndexError,
 *   KernelNotRegisteredError
 */
function tgather_(
  src: Tensor | TensorLike,
  idx: Tensor | TensorLike,
  options?: TGatherOptions,
): Tensor {
  const opts = optionsObject('tgather', options, TILE_OP_OPTION_KEYS, null);
  const $src = toTensor(src, 'src', 'tgather');
  const $idx = toTensor(idx, 'idx', 'tgather', 'int32');
  // Default output: the index tile's shape (a 1-D index gives a 1-D output), empty for an empty
  // index tile, which reads nothing (as `tscatter` with it writes nothing).
  const fromIndexTile = opts.dstShape === undefined;
  const dstShape = opts.dstShape ?? $idx.shape.slice(-2);
  const attrs: TGatherAttrs = {
    ...resolveTileCall('tgather', 'TGATHER', $src, $idx, opts, dstShape, fromIndexTile),
    select: 'all',
  };
  return runTilekitKernel(TGather, { src: $src, idx: $idx }, attrs);
}

export const tgather = op({ tgather_ });
