/** wasm kernel for `TScatter`: the backend-free loop on views of the heap. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tscatterImpl } from '../../impl/tscatter-impl.js';
import { TScatter, type TScatterAttrs } from '../../kernel-names.js';
import { wasmTileKernel } from '../tile-kernel.js';

export const tscatterWasmConfig: KernelConfig = {
  kernelName: TScatter,
  backendName: 'wasm',
  kernelFunc: wasmTileKernel<TScatterAttrs>(tscatterImpl),
};
