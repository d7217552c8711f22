/**
 * WebGPU kernels of the relayout family, one gather pass each running the shared specs the
 * WebGL kernels run (../../gpu/layout_specs.ts): relayout runs the layout's plan backwards from
 * each physical slot, unrelayout forwards from each logical element, convertLayout backwards
 * through the target's plan and forwards through the source's.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { convertLayoutSpec, relayoutSpec, unrelayoutSpec } from '../../gpu/layout_specs.js';
import { TiledConvertLayout, TiledRelayout, TiledUnrelayout } from '../../kernel_names.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledRelayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(relayoutSpec),
};

export const tiledUnrelayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(unrelayoutSpec),
};

export const tiledConvertLayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'webgpu',
  kernelFunc: layoutKernel(convertLayoutSpec),
};
