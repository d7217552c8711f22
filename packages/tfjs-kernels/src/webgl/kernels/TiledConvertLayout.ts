/**
 * WebGL kernel for `TiledConvertLayout`, in one pass: every slot of the target layout runs the
 * target's plan backwards to its logical element, then the source's plan forwards to the slot
 * holding it; target padding slots write `padValue`.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { relayoutPlan } from '@tilekit/layout';
import { convertLayoutImpl } from '../../impl/relayout_impl.js';
import { TiledConvertLayout, type TiledConvertLayoutAttrs } from '../../kernel_names.js';
import { layoutRuns, shapeText } from '../../layout/layout_cache.js';
import { simplifyChain } from '../chain_simplify.js';
import { backwardChain, forwardChain } from '../layout_chains.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledConvertLayoutWebglConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'webgl',
  kernelFunc: layoutKernel<TiledConvertLayoutAttrs>({
    input: 'buffer',
    planKey: ({ shape, from, to }, _bufferShape, dtype) =>
      `convert ${shapeText(dtype, shape, from)} ${to}`,
    plan: ({ shape, from, to }, _bufferShape, dtype) => {
      const target = relayoutPlan(shapeText(dtype, shape, to));
      const source = relayoutPlan(shapeText(dtype, shape, from));
      return {
        chain: simplifyChain([...backwardChain(target), ...forwardChain(source)]),
        outShape: [target.physicalElementCount],
      };
    },
    padValue: ({ padValue }) => padValue,
    cpu: (values, _bufferShape, dtype, { shape, from, to, padValue }) =>
      convertLayoutImpl(
        values,
        layoutRuns(dtype, shape, from),
        layoutRuns(dtype, shape, to),
        padValue,
      ),
  }),
};
