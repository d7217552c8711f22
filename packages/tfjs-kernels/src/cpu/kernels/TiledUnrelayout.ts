/** CPU kernel for `TiledUnrelayout`. */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { TiledUnrelayout, type TiledUnrelayoutAttrs } from '../../kernel-names.js';
import { layoutRuns } from '../../relayout/layout-cache.js';
import { unrelayoutImpl } from '../../relayout/relayout-impl.js';
import { cpuLayoutKernel } from '../layout-kernel.js';

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
