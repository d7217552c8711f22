/** CPU kernel for `TScatter`. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tscatterImpl } from '../../impl/tscatter-impl.js';
import { TScatter, type TScatterAttrs } from '../../kernel-names.js';
import { cpuTileKernel } from '../tile-kernel.js';

export const tscatterCpuConfig: KernelConfig = {
  kernelName: TScatter,
  backendName: 'cpu',
  kernelFunc: cpuTileKernel<TScatterAttrs>(tscatterImpl),
};
