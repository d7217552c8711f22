/**
 * WebGPU kernels of the relayout family, one gather pass each over the index chains the WebGL
 * kernels use (../../webgl/layout_chains.ts): relayout runs the layout's plan backwards from
 * each physical slot, unrelayout forwards from each logical element, convertLayout backwards
 * through the target's plan and forwards through the source's.
 */
import type { KernelConfig } from '@tensorflow/tfjs-core';
import { relayoutPlan } from '@tilekit/layout';
import { convertLayoutImpl, relayoutImpl, unrelayoutImpl } from '../../impl/relayout_impl.js';
import {
  TiledConvertLayout,
  type TiledConvertLayoutAttrs,
  TiledRelayout,
  type TiledRelayoutAttrs,
  TiledUnrelayout,
  type TiledUnrelayoutAttrs,
} from '../../kernel_names.js';
import { layoutRuns, shapeText } from '../../layout/layout_cache.js';
import { simplifyChain } from '../../webgl/chain_simplify.js';
import { backwardChain, forwardChain } from '../../webgl/layout_chains.js';
import { layoutKernel } from '../layout_kernel.js';

export const tiledRelayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'webgpu',
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

export const tiledUnrelayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'webgpu',
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

export const tiledConvertLayoutWebgpuConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'webgpu',
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
