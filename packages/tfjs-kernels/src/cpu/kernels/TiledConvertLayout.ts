/** CPU kernel for `TiledConvertLayout`. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { TiledConvertLayout, type TiledConvertLayoutAttrs } from '../../kernel-names.js';
import { layoutRuns } from '../../relayout/layout-cache.js';
import { convertLayoutImpl } from '../../relayout/relayout-impl.js';
import { cpuLayoutKernel } from '../layout-kernel.js';

export const tiledConvertLayoutCpuConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'cpu',
  kernelFunc: cpuLayoutKernel<TiledConvertLayoutAttrs>('buffer', (buffer, values, attrs) => {
    const fromRuns = layoutRuns(buffer.dtype, attrs.shape, attrs.from);
    const toRuns = layoutRuns(buffer.dtype, attrs.shape, attrs.to);
    return {
      shape: [toRuns.physicalCount],
      values: convertLayoutImpl(values, fromRuns, toRuns, attrs.padValue),
    };
  }),
};
