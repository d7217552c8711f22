/** Every WebGPU kernel config of this package, for `register-webgpu` or an app's own registry. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import {
  tiledConvertLayoutWebgpuConfig,
  tiledRelayoutWebgpuConfig,
  tiledUnrelayoutWebgpuConfig,
} from './layout_kernels.js';
import { tgatherWebgpuConfig } from './TGather.js';
import { tscatterWebgpuConfig } from './TScatter.js';

export {
  tiledConvertLayoutWebgpuConfig,
  tiledRelayoutWebgpuConfig,
  tiledUnrelayoutWebgpuConfig,
} from './layout_kernels.js';
export { tgatherWebgpuConfig } from './TGather.js';
export { tscatterWebgpuConfig } from './TScatter.js';

export const webgpuKernelConfigs: readonly KernelConfig[] = [
  tiledRelayoutWebgpuConfig,
  tiledUnrelayoutWebgpuConfig,
  tiledConvertLayoutWebgpuConfig,
  tscatterWebgpuConfig,
  tgatherWebgpuConfig,
];
