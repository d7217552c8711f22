/**
 * WebGPU kernel for `TiledConvertLayout`: one gather pass running the spec the WebGL kernel runs
 * (../../gpu/layout_specs.ts); it runs the target's plan backwards and the source's forwards.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { convertLayoutSpec } from '../../gpu/layout_specs.js';
import { TiledConvertLayout } from '../../kernel_names.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledConvertLayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(convertLayoutSpec),
};
