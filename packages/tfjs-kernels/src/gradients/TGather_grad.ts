/**
 * Gradient of TGather w.r.t. `src`: a sum-scatter of `dy` through the same indices (an offset
 * read several times collects every read's gradient). For the last-writer form (itself the
 * gradient of TScatter) it is a plain assigning scatter. Indices get no gradient.
 */
import {
  engine,
  type GradConfig,
  type NamedAttrMap,
  type NamedTensorMap,
  type Tensor,
  zeros,
} from '@tensorflow/tfjs-core';
import { TGather, type TGatherAttrs, TScatter, type TScatterAttrs } from '../kernel_names.js';

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
      src: () =>
        engine().runKernel(
          TScatter,
          { src: dy as Tensor, idx } as NamedTensorMap,
          backward as unknown as NamedAttrMap,
        ) as Tensor,
      // Integer offsets are not differentiable; tfjs requires float32 gradients.
      idx: () => zeros(idx.shape),
    };
  },
};
