/** Every WebGPU kernel config this package defines, for `register-webgpu.ts` (or an app's own registry). */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherWebgpuConfig } from './TGather.js';
import { tiledConvertLayoutWebgpuConfig } from './TiledConvertLayout.js';
import { tiledRelayoutWebgpuConfig } from './TiledRelayout.js';
import { tiledUnrelayoutWebgpuConfig } from './TiledUnrelayout.js';
import { tscatterWebgpuConfig } from './TScatter.js';

export const webgpuKernelConfigs: readonly KernelConfig[] = [
  tiledRelayoutWebgpuConfig,
  tiledUnrelayoutWebgpuConfig,
  tiledConvertLayoutWebgpuConfig,
  tscatterWebgpuConfig,
  tgatherWebgpuConfig,
];
