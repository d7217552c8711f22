/** Every wasm kernel config this package defines, for `register-wasm.ts` (or an app's own registry). */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherWasmConfig } from './TGather.js';
import { tiledConvertLayoutWasmConfig } from './TiledConvertLayout.js';
import { tiledRelayoutWasmConfig } from './TiledRelayout.js';
import { tiledUnrelayoutWasmConfig } from './TiledUnrelayout.js';
import { tscatterWasmConfig } from './TScatter.js';

export const wasmKernelConfigs: readonly KernelConfig[] = [
  tiledRelayoutWasmConfig,
  tiledUnrelayoutWasmConfig,
  tiledConvertLayoutWasmConfig,
  tscatterWasmConfig,
  tgatherWasmConfig,
];
