/** wasm kernel for `TGather`: the backend-free loop on views of the heap. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherImpl } from '../../impl/tgather-impl.js';
import { TGather, type TGatherAttrs } from '../../kernel-names.js';
import { wasmTileKernel } from '../tile-kernel.js';

export const tgatherWasmConfig: KernelConfig = {
  kernelName: TGather,
  backendName: 'wasm',
  kernelFunc: wasmTileKernel<TGatherAttrs>(tgatherImpl),
};
