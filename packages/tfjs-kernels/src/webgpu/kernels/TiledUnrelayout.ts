/**
 * WebGPU kernel for `TiledUnrelayout`: one gather pass running the spec the WebGL kernel runs
 * (../../gpu/layout-specs.ts); it runs the layout's plan forwards from each logical element.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { unrelayoutSpec } from '../../gpu/layout-specs.js';
import { TiledUnrelayout } from '../../kernel-names.js';
import { layoutKernel } from '../layout-kernel.js';

export const tiledUnrelayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(unrelayoutSpec),
};
