/**
 * Gradient of TScatter w.r.t. `src`: each source element receives `dy` at the offset it wrote,
 * but only if it is that offset's last writer; overwritten, out-of-region and skipped
 * out-of-bounds sources get zero. Indices get no gradient (zeros, as tfjs does for indices).
 */
import { type GradConfig, type Tensor, zeros } from '@tensorflow/tfjs-core';
import { TGather, type TGatherAttrs, TScatter, type TScatterAttrs } from '../kernel_names.js';
import { runTilekitKernel } from '../ops/run_kernel.js';

export const tscatterGradConfig: GradConfig = {
  kernelName: TScatter,
  inputsToSave: ['src', 'idx'],
  gradFunc: (dy, saved, attrs) => {
    const [src, idx] = saved as [Tensor, Tensor];
    const forward = attrs as unknown as TScatterAttrs;
    const backward: TGatherAttrs = {
      dstShape: src.shape.slice(-2) as [number, number],
      validRow: forward.validRow,
      validCol: forward.validCol,
      // dy is plain float32 whatever the forward's declared type; indices were checked forward.
      elementType: 'f32',
      indexType: forward.indexType,
      bounds: 'skip',
      select: forward.mode === 'add' ? 'all' : 'lastWriter',
    };
    return {
      src: () => runTilekitKernel(TGather, { src: dy as Tensor, idx }, backward),
      // Integer offsets are not differentiable; tfjs requires float32 gradients.
      idx: () => zeros(idx.shape),
    };
  },
};
