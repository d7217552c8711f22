/** Every WebGL kernel config this package defines, for `register-webgl.ts` to register. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherWebglConfig } from './TGather.js';
import { tscatterWebglConfig } from './TScatter.js';

export const webglKernelConfigs: readonly KernelConfig[] = [
  tscatterWebglConfig,
  tgatherWebglConfig,
];
