/**
 * WebGL kernel for `TiledRelayout`: one gather pass in which every physical slot runs the
 * layout's pad → reshape → transpose plan backwards to find its logical element, or writes
 * `padValue`.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { relayoutPlan } from '@tilekit/layout';
import { relayoutImpl } from '../../impl/relayout_impl.js';
import { TiledRelayout, type TiledRelayoutAttrs } from '../../kernel_names.js';
import { layoutRuns, shapeText } from '../../layout/layout_cache.js';
import { simplifyChain } from '../chain_simplify.js';
import { backwardChain } from '../layout_chains.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledRelayoutWebglConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'webgl',
  kernelFunc: layoutKernel<TiledRelayoutAttrs>({
    input: 'x',
    planKey: ({ layout }, shape, dtype) => `relayout ${shapeText(dtype, shape, layout)}`,
    plan: ({ layout }, shape, dtype) => {
      const plan = relayoutPlan(shapeText(dtype, shape, layout));
      return { chain: simplifyChain(backwardChain(plan)), outShape: [plan.physicalElementCount] };
    },
    padValue: ({ padValue }) => padValue,
    cpu: (values, shape, dtype, { layout, padValue }) =>
      relayoutImpl(values, layoutRuns(dtype, shape, layout), padValue),
  }),
};
