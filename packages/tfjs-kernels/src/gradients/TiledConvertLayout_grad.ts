/**
 * Gradient of TiledConvertLayout: the conversion run backwards (`to` → `from`); the input's
 * padding slots get zero.
 */
import type { GradConfig, Tensor } from '@tensorflow/tfjs-core';
import { TiledConvertLayout, type TiledConvertLayoutAttrs } from '../kernel-names.js';
import { runTilekitKernel } from '../ops/run-kernel.js';

export const tiledConvertLayoutGradConfig: GradConfig = {
  kernelName: TiledConvertLayout,
  gradFunc: (dy, _saved, attrs) => {
    const forward = attrs as unknown as TiledConvertLayoutAttrs;
    const backward: TiledConvertLayoutAttrs = {
      shape: forward.shape,
      from: forward.to,
      to: forward.from,
      padValue: 0,
    };
    return {
      buffer: () => runTilekitKernel(TiledConvertLayout, { buffer: dy as Tensor }, backward),
    };
  },
};
