/**
 * What the TScatter and TGather gradients share: each runs the other kernel on `dy` through the
 * forward's indices, with the forward's tile geometry, and gives the indices a zero gradient.
 */
import { type GradConfig, type Tensor, zeros } from '@tensorflow/tfjs-core';
import { tileExtentOf } from '../impl/tile-geometry.js';
import type { KernelSignatures, TGather, TileOpAttrs, TScatter } from '../kernel-names.js';
import { runTilekitKernel } from '../ops/run-kernel.js';

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
const zeroIndexGradient = (idx: Tensor) => () => zeros(idx.shape);

type TileKernel = typeof TScatter | typeof TGather;
type AttrsOf<K extends TileKernel> = KernelSignatures[K]['attrs'];

/**
 * The gradient of tile kernel `forwardKernel`: w.r.t. `src`, `backwardKernel` run on `dy`
 * through the forward's indices with {@link backwardTileAttrs} plus what `combining` derives
 * from the forward's attributes (how repeated offsets combine); w.r.t. `idx`, zeros.
 */
export function tileGradConfig<F extends TileKernel, B extends TileKernel>(
  forwardKernel: F,
  backwardKernel: B,
  combining: (forward: AttrsOf<F>) => Omit<AttrsOf<B>, keyof TileOpAttrs>,
): GradConfig {
  return {
    kernelName: forwardKernel,
    inputsToSave: ['src', 'idx'],
    gradFunc: (dy, saved, attrs) => {
      const [src, idx] = saved as [Tensor, Tensor];
      const forward = attrs as unknown as AttrsOf<F>;
      const backward = { ...backwardTileAttrs(src, forward), ...combining(forward) } as AttrsOf<B>;
      return {
        src: () => runTilekitKernel(backwardKernel, { src: dy as Tensor, idx }, backward),
        idx: zeroIndexGradient(idx),
      };
    },
  };
}
