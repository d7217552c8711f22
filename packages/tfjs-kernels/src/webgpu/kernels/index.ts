/** Every WebGPU kernel config of this package, for `register-webgpu` or an app's own registry. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import {
  tiledConvertLayoutWebgpuConfig,
  tiledRelayoutWebgpuConfig,
  tiledUnrelayoutWebgpuConfig,
} from './layout_kernels.js';

export {
  tiledConvertLayoutWebgpuConfig,
  tiledRelayoutWebgpuConfig,
  tiledUnrelayoutWebgpuConfig,
} from './layout_kernels.js';

export const webgpuKernelConfigs: readonly KernelConfig[] = [
  tiledRelayoutWebgpuConfig,
  tiledUnrelayoutWebgpuConfig,
  tiledConvertLayoutWebgpuConfig,
];
