/** wasm kernel for `TiledUnrelayout`: one heap-to-heap move between two run tables. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { TiledUnrelayout, type TiledUnrelayoutAttrs } from '../../kernel-names.js';
import { layoutRuns } from '../../relayout/layout-cache.js';
import { identityRuns } from '../../relayout/run-copy.js';
import { wasmLayoutKernel } from '../layout-kernel.js';

export const tiledUnrelayoutWasmConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'wasm',
  kernelFunc: wasmLayoutKernel<TiledUnrelayoutAttrs>('buffer', (buffer, { shape, layout }) => {
    const runs = layoutRuns(buffer.dtype, shape, layout);
    return {
      shape: [...shape],
      toRuns: identityRuns(runs.logicalCount),
      fromRuns: runs,
      padValue: 0,
    };
  }),
};
