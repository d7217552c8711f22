/** CPU kernel for `TiledRelayout`. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { TiledRelayout, type TiledRelayoutAttrs } from '../../kernel-names.js';
import { layoutRuns } from '../../relayout/layout-cache.js';
import { relayoutImpl } from '../../relayout/relayout-impl.js';
import { cpuLayoutKernel } from '../layout-kernel.js';

export const tiledRelayoutCpuConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'cpu',
  kernelFunc: cpuLayoutKernel<TiledRelayoutAttrs>('x', (x, values, { layout, padValue }) => {
    const runs = layoutRuns(x.dtype, x.shape, layout);
    return { shape: [runs.physicalCount], values: relayoutImpl(values, runs, padValue) };
  }),
};
