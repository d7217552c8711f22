/** CPU kernel for `TGather`. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { tgatherImpl } from '../../impl/tgather-impl.js';
import { TGather, type TGatherAttrs } from '../../kernel-names.js';
import { cpuTileKernel } from '../tile-kernel.js';

export const tgatherCpuConfig: KernelConfig = {
  kernelName: TGather,
  backendName: 'cpu',
  kernelFunc: cpuTileKernel<TGatherAttrs>(tgatherImpl),
};
