/**
 * WebGPU kernel for `TiledConvertLayout`: one gather pass running the spec the WebGL kernel runs
 * (../../gpu/layout-specs.ts); it runs the target's plan backwards and the source's forwards.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { convertLayoutSpec } from '../../gpu/layout-specs.js';
import { TiledConvertLayout } from '../../kernel-names.js';
import { layoutKernel } from '../layout-kernel.js';

export const tiledConvertLayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(convertLayoutSpec),
};
