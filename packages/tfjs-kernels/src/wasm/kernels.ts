/** Every wasm kernel config this package defines, for `register-wasm.ts` to register. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import {
  tiledConvertLayoutWasmConfig,
  tiledRelayoutWasmConfig,
  tiledUnrelayoutWasmConfig,
} from './layout_kernels.js';
import { tgatherWasmConfig, tscatterWasmConfig } from './tile_kernels.js';

export const wasmKernelConfigs: readonly KernelConfig[] = [
  tiledRelayoutWasmConfig,
  tiledUnrelayoutWasmConfig,
  tiledConvertLayoutWasmConfig,
  tscatterWasmConfig,
  tgatherWasmConfig,
];
