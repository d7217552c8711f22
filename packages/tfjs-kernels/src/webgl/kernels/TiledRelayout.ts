/**
 * WebGL kernel for `TiledRelayout`: one gather pass in which every physical slot runs the
 * layout's pad → reshape → transpose plan backwards to find its logical element, or writes
 * `padValue` (the plan is the shared spec, ../../gpu/layout_specs.ts).
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { relayoutSpec } from '../../gpu/layout_specs.js';
import { TiledRelayout } from '../../kernel_names.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledRelayoutWebglConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'webgl',
  kernelFunc: layoutKernel(relayoutSpec),
};
