/**
 * WebGPU kernel for `TiledRelayout`: one gather pass running the spec the WebGL kernel runs
 * (../../gpu/layout-specs.ts); it runs the layout's plan backwards from each physical slot.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { relayoutSpec } from '../../gpu/layout-specs.js';
import { TiledRelayout } from '../../kernel-names.js';
import { layoutKernel } from '../layout-kernel.js';

export const tiledRelayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(relayoutSpec),
};
