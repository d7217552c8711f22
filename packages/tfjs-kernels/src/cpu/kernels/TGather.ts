/** CPU kernel for `TGather`. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherImpl } from '../../impl/tgather_impl.js';
import { TGather, type TGatherAttrs } from '../../kernel_names.js';
import { cpuTileKernel } from '../tile_kernel.js';

export const tgatherCpuConfig: KernelConfig = {
  kernelName: TGather,
  backendName: 'cpu',
  kernelFunc: cpuTileKernel<TGatherAttrs>(tgatherImpl),
};
