/**
 * WebGL kernel for `TiledUnrelayout`: one gather pass in which every logical element runs the
 * layout's plan forwards to find its physical slot.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { relayoutPlan } from '@tilekit/layout';
import { unrelayoutImpl } from '../../impl/relayout_impl.js';
import { TiledUnrelayout, type TiledUnrelayoutAttrs } from '../../kernel_names.js';
import { layoutRuns, shapeText } from '../../layout/layout_cache.js';
import { simplifyChain } from '../chain_simplify.js';
import { forwardChain } from '../layout_chains.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledUnrelayoutWebglConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'webgl',
  kernelFunc: layoutKernel<TiledUnrelayoutAttrs>({
    input: 'buffer',
    planKey: ({ shape, layout }, _bufferShape, dtype) =>
      `unrelayout ${shapeText(dtype, shape, layout)}`,
    plan: ({ shape, layout }, _bufferShape, dtype) => ({
      chain: simplifyChain(forwardChain(relayoutPlan(shapeText(dtype, shape, layout)))),
      outShape: [...shape],
    }),
    // Every logical element has a slot: no padding is ever written.
    padValue: () => 0,
    cpu: (values, _bufferShape, dtype, { shape, layout }) =>
      unrelayoutImpl(values, layoutRuns(dtype, shape, layout)),
  }),
};
