/**
 * The three layout kernels as backend-free specs, each one gather pass over an index chain
 * derived from `@tilekit/layout`'s relayout plan (./layout-chains.ts): relayout runs the plan
 * backwards from each physical slot (writing `padValue` in padding), unrelayout forwards from
 * each logical element, convertLayout backwards through the target's plan and forwards through
 * the source's. The WebGL and WebGPU kernels run these same specs.
 */
import { relayoutPlan } from '@tilekit/layout';
import type {
  TiledConvertLayoutAttrs,
  TiledRelayoutAttrs,
  TiledUnrelayoutAttrs,
} from '../kernel-names.js';
import { shapeText } from '../layout/shape-text.js';
import { layoutRuns } from '../relayout/layout-cache.js';
import { convertLayoutImpl, relayoutImpl, unrelayoutImpl } from '../relayout/relayout-impl.js';
import { simplifyChain } from './chain-simplify.js';
import { backwardChain, forwardChain } from './layout-chains.js';
import type { LayoutKernelSpec } from './layout-kernel-spec.js';

/** `TiledRelayout`: every physical slot gathers its logical element, or the pad value. */
export const relayoutSpec: LayoutKernelSpec<TiledRelayoutAttrs> = {
  op: 'relayout',
  input: 'x',
  planKey: ({ layout }, shape, dtype) => `relayout ${shapeText(dtype, shape, layout)}`,
  plan: ({ layout }, shape, dtype) => {
    const plan = relayoutPlan(shapeText(dtype, shape, layout));
    return { chain: simplifyChain(backwardChain(plan)), outShape: [plan.physicalElementCount] };
  },
  padValue: ({ padValue }) => padValue,
  cpu: (values, shape, dtype, { layout, padValue }) =>
    relayoutImpl(values, layoutRuns(dtype, shape, layout), padValue),
};

/** `TiledUnrelayout`: every logical element gathers from its physical slot. */
export const unrelayoutSpec: LayoutKernelSpec<TiledUnrelayoutAttrs> = {
  op: 'unrelayout',
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
};

/** `TiledConvertLayout`: every slot of the target layout gathers from the source's slot. */
export const convertLayoutSpec: LayoutKernelSpec<TiledConvertLayoutAttrs> = {
  op: 'convertLayout',
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
};
