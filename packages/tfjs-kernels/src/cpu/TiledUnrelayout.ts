/** CPU kernel for `TiledUnrelayout`. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { unrelayoutImpl } from '../impl/relayout_impl.js';
import { TiledUnrelayout, type TiledUnrelayoutAttrs } from '../kernel_names.js';
import { layoutRuns } from '../layout/layout_cache.js';
import { cpuLayoutKernel } from './layout_kernel.js';

export const tiledUnrelayoutCpuConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'cpu',
  kernelFunc: cpuLayoutKernel<TiledUnrelayoutAttrs>(
    'buffer',
    (buffer, values, { shape, layout }) => {
      const runs = layoutRuns(buffer.dtype, shape, layout);
      return { shape: [...shape], values: unrelayoutImpl(values, runs) };
    },
  ),
};
