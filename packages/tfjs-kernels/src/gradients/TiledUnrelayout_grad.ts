/**
 * Gradient of TiledUnrelayout: the buffer receives `dy` relaid out at each element's physical
 * offset; padding slots get zero (they do not affect the output).
 */
import type { GradConfig, Tensor } from '@tensorflow/tfjs-core';
import {
  TiledRelayout,
  type TiledRelayoutAttrs,
  TiledUnrelayout,
  type TiledUnrelayoutAttrs,
} from '../kernel-names.js';
import { runTilekitKernel } from '../ops/run-kernel.js';

export const tiledUnrelayoutGradConfig: GradConfig = {
  kernelName: TiledUnrelayout,
  gradFunc: (dy, _saved, attrs) => {
    const backward: TiledRelayoutAttrs = {
      layout: (attrs as unknown as TiledUnrelayoutAttrs).layout,
      padValue: 0,
    };
    return {
      buffer: () => runTilekitKernel(TiledRelayout, { x: dy as Tensor }, backward),
    };
  },
};
