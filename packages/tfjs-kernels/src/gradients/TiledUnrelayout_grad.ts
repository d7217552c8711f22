/**
 * Gradient of TiledUnrelayout: the buffer receives `dy` relaid out at each element's physical
 * offset; padding slots get zero (they do not affect the output).
 */
import {
  engine,
  type GradConfig,
  type NamedAttrMap,
  type NamedTensorMap,
  type Tensor,
} from '@tensorflow/tfjs-core';
import {
  TiledRelayout,
  type TiledRelayoutAttrs,
  TiledUnrelayout,
  type TiledUnrelayoutAttrs,
} from '../kernel_names.js';

export const tiledUnrelayoutGradConfig: GradConfig = {
  kernelName: TiledUnrelayout,
  gradFunc: (dy, _saved, attrs) => {
    const backward: TiledRelayoutAttrs = {
      layout: (attrs as unknown as TiledUnrelayoutAttrs).layout,
      padValue: 0,
    };
    return {
      buffer: () =>
        engine().runKernel(
          TiledRelayout,
          { x: dy as Tensor } as NamedTensorMap,
          backward as unknown as NamedAttrMap,
        ) as Tensor,
    };
  },
};
