/**
 * Gradient of TiledRelayout: each logical element receives the gradient at its physical offset
 * (an unrelayout of `dy`); padding slots feed nothing back.
 */
import type { GradConfig, Tensor } from '@tensorflow/tfjs-core';
import {
  TiledRelayout,
  type TiledRelayoutAttrs,
  TiledUnrelayout,
  type TiledUnrelayoutAttrs,
} from '../kernel-names.js';
import { runTilekitKernel } from '../ops/run-kernel.js';

export const tiledRelayoutGradConfig: GradConfig = {
  kernelName: TiledRelayout,
  inputsToSave: ['x'],
  gradFunc: (dy, saved, attrs) => {
    const [x] = saved as [Tensor];
    const backward: TiledUnrelayoutAttrs = {
      shape: [...x.shape],
      layout: (attrs as unknown as TiledRelayoutAttrs).layout,
    };
    return {
      x: () => runTilekitKernel(TiledUnrelayout, { buffer: dy as Tensor }, backward),
    };
  },
};
