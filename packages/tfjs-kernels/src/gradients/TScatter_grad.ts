/**
 * Gradient of TScatter w.r.t. `src`: each source element receives `dy` at the offset it wrote,
 * but only if it is that offset's last writer; overwritten, out-of-region and skipped
 * out-of-bounds sources get zero. Indices get no gradient (zeros, as tfjs does for indices).
 */
import type { GradConfig, Tensor } from '@tensorflow/tfjs-core';
import { TGather, type TGatherAttrs, TScatter, type TScatterAttrs } from '../kernel_names.js';
import { runTilekitKernel } from '../ops/run_kernel.js';
import { backwardTileAttrs, zeroIndexGradient } from './tile_backward.js';

export const tscatterGradConfig: GradConfig = {
  kernelName: TScatter,
  inputsToSave: ['src', 'idx'],
  gradFunc: (dy, saved, attrs) => {
    const [src, idx] = saved as [Tensor, Tensor];
    const forward = attrs as unknown as TScatterAttrs;
    const backward: TGatherAttrs = {
      ...backwardTileAttrs(src, forward),
      select: forward.mode === 'add' ? 'all' : 'lastWriter',
    };
    return {
      src: () => runTilekitKernel(TGather, { src: dy as Tensor, idx }, backward),
      idx: zeroIndexGradient(idx),
    };
  },
};
