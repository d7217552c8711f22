/**
 * WebGPU kernel for `TiledUnrelayout`: one gather pass running the spec the WebGL kernel runs
 * (../../gpu/layout_specs.ts); it runs the layout's plan forwards from each logical element.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { unrelayoutSpec } from '../../gpu/layout_specs.js';
import { TiledUnrelayout } from '../../kernel_names.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledUnrelayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(unrelayoutSpec),
};
