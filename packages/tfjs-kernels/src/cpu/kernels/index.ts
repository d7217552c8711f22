/** Every CPU kernel config this package defines, for `register-cpu.ts` (or an app's own registry). */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherCpuConfig } from './TGather.js';
import { tiledConvertLayoutCpuConfig } from './TiledConvertLayout.js';
import { tiledRelayoutCpuConfig } from './TiledRelayout.js';
import { tiledUnrelayoutCpuConfig } from './TiledUnrelayout.js';
import { tscatterCpuConfig } from './TScatter.js';

export const cpuKernelConfigs: readonly KernelConfig[] = [
  tiledRelayoutCpuConfig,
  tiledUnrelayoutCpuConfig,
  tiledConvertLayoutCpuConfig,
  tscatterCpuConfig,
  tgatherCpuConfig,
];
