/**
 * WebGL kernel for `TiledUnrelayout`: one gather pass in which every logical element runs the
 * layout's plan forwards to find its physical slot (the shared spec, ../../gpu/layout-specs.ts).
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { unrelayoutSpec } from '../../gpu/layout-specs.js';
import { TiledUnrelayout } from '../../kernel-names.js';
import { layoutKernel } from '../layout-kernel.js';

export const tiledUnrelayoutWebglConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'webgl',
  kernelFunc: layoutKernel(unrelayoutSpec),
};
