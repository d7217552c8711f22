/**
 * Gradient of TGather w.r.t. `src`: a sum-scatter of `dy` through the same indices (an offset
 * read several times collects every read's gradient). For the last-writer form (itself the
 * gradient of TScatter) it is a plain assigning scatter. Indices get no gradient.
 */
import { type GradConfig, type Tensor, zeros } from '@tensorflow/tfjs-core';
import { TGather, type TGatherAttrs, TScatter, type TScatterAttrs } from '../kernel_names.js';
import { runTilekitKernel } from '../ops/run_kernel.js';

export const tgatherGradConfig: GradConfig = {
  kernelName: TGather,
  inputsToSave: ['src', 'idx'],
  gradFunc: (dy, saved, attrs) => {
    const [src, idx] = saved as [Tensor, Tensor];
    const forward = attrs as unknown as TGatherAttrs;
    const backward: TScatterAttrs = {
      dstShape: src.shape.slice(-2) as [number, number],
      validRow: forward.validRow,
      validCol: forward.validCol,
      elementType: 'f32',
      indexType: forward.indexType,
      bounds: 'skip',
      // Reading only last writers is exactly what an assigning scatter writes back.
      mode: forward.select === 'lastWriter' ? 'assign' : 'add',
    };
    return {
      src: () => runTilekitKernel(TScatter, { src: dy as Tensor, idx }, backward),
      // Integer offsets are not differentiable; tfjs requires float32 gradients.
      idx: () => zeros(idx.shape),
    };
  },
};
