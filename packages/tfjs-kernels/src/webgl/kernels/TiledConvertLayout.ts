/**
 * WebGL kernel for `TiledConvertLayout`, in one pass: every slot of the target layout runs the
 * target's plan backwards to its logical element, then the source's plan forwards to the slot
 * holding it; target padding slots write `padValue` (the shared spec,
 * ../../gpu/layout-specs.ts).
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { convertLayoutSpec } from '../../gpu/layout-specs.js';
import { TiledConvertLayout } from '../../kernel-names.js';
import { layoutKernel } from '../layout-kernel.js';

export const tiledConvertLayoutWebglConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'webgl',
  kernelFunc: layoutKernel(convertLayoutSpec),
};
