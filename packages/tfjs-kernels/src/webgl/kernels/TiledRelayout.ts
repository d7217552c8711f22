/**
 * WebGL kernel for `TiledRelayout`: one gather pass in which every physical slot runs the
 * layout's pad → reshape → transpose plan backwards to find its logical element, or writes
 * `padValue` (the plan is the shared spec, ../../gpu/layout-specs.ts).
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { relayoutSpec } from '../../gpu/layout-specs.js';
import { TiledRelayout } from '../../kernel-names.js';
import { layoutKernel } from '../layout-kernel.js';

export const tiledRelayoutWebglConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'webgl',
  kernelFunc: layoutKernel(relayoutSpec),
};
