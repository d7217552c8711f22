/**
 * Gradient of TGather w.r.t. `src`: a sum-scatter of `dy` through the same indices (an offset
 * read several times collects every read's gradient). For the last-writer form (itself the
 * gradient of TScatter) it is a plain assigning scatter. Indices get no gradient.
 */
import type { GradConfig, Tensor } from '@tensorflow/tfjs-core';
import { TGather, type TGatherAttrs, TScatter, type TScatterAttrs } from '../kernel_names.js';
import { runTilekitKernel } from '../ops/run_kernel.js';
import { backwardTileAttrs, zeroIndexGradient } from './tile_backward.js';

export const tgatherGradConfig: GradConfig = {
  kernelName: TGather,
  inputsToSave: ['src', 'idx'],
  gradFunc: (dy, saved, attrs) => {
    const [src, idx] = saved as [Tensor, Tensor];
    const forward = attrs as unknown as TGatherAttrs;
    const backward: TScatterAttrs = {
      ...backwardTileAttrs(src, forward),
      // Reading only last writers is exactly what an assigning scatter writes back.
      mode: forward.select === 'lastWriter' ? 'assign' : 'add',
    };
    return {
      src: () => runTilekitKernel(TScatter, { src: dy as Tensor, idx }, backward),
      idx: zeroIndexGradient(idx),
    };
  },
};
