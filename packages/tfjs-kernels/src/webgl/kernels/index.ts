/** Every WebGL kernel config this package defines, for `register-webgl.ts` (or an app's own registry). */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherWebglConfig } from './TGather.js';
import { tiledConvertLayoutWebglConfig } from './TiledConvertLayout.js';
import { tiledRelayoutWebglConfig } from './TiledRelayout.js';
import { tiledUnrelayoutWebglConfig } from './TiledUnrelayout.js';
import { tscatterWebglConfig } from './TScatter.js';

export const webglKernelConfigs: readonly KernelConfig[] = [
  tiledRelayoutWebglConfig,
  tiledUnrelayoutWebglConfig,
  tiledConvertLayoutWebglConfig,
  tscatterWebglConfig,
  tgatherWebglConfig,
];
