/**
 * Gradient of TiledRelayout: each logical element receives the gradient at its physical offset
 * (an unrelayout of `dy`); padding slots feed nothing back.
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
      x: () =>
        engine().runKernel(
          TiledUnrelayout,
          { buffer: dy as Tensor } as NamedTensorMap,
          backward as unknown as NamedAttrMap,
        ) as Tensor,
    };
  },
};
