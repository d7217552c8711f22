/** wasm kernel for `TiledConvertLayout`: one heap-to-heap move between two run tables. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { TiledConvertLayout, type TiledConvertLayoutAttrs } from '../../kernel-names.js';
import { layoutRuns } from '../../relayout/layout-cache.js';
import { wasmLayoutKernel } from '../layout-kernel.js';

export const tiledConvertLayoutWasmConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'wasm',
  kernelFunc: wasmLayoutKernel<TiledConvertLayoutAttrs>('buffer', (buffer, attrs) => {
    const toRuns = layoutRuns(buffer.dtype, attrs.shape, attrs.to);
    return {
      shape: [toRuns.physicalCount],
      toRuns,
      fromRuns: layoutRuns(buffer.dtype, attrs.shape, attrs.from),
      padValue: attrs.padValue,
    };
  }),
};
