/** wasm kernel for `TiledRelayout`: one heap-to-heap move between two run tables. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { TiledRelayout, type TiledRelayoutAttrs } from '../../kernel-names.js';
import { layoutRuns } from '../../relayout/layout-cache.js';
import { identityRuns } from '../../relayout/run-copy.js';
import { wasmLayoutKernel } from '../layout-kernel.js';

export const tiledRelayoutWasmConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'wasm',
  kernelFunc: wasmLayoutKernel<TiledRelayoutAttrs>('x', (x, { layout, padValue }) => {
    const runs = layoutRuns(x.dtype, x.shape, layout);
    return {
      shape: [runs.physicalCount],
      toRuns: runs,
      fromRuns: identityRuns(runs.logicalCount),
      padValue,
    };
  }),
};
