/**
 * What a layout kernel (TiledRelayout, TiledUnrelayout, TiledConvertLayout) is, independently of
 * the backend that runs it: how its attributes plan one gather pass over an index chain, and the
 * backend-free CPU implementation it falls back to. The WebGL and WebGPU `layoutKernel`s run the
 * same specs (./layout-specs.ts).
 */
import type { DataType, NamedAttrMap, NamedTensorInfoMap, TensorInfo } from '@tensorflow/tfjs-core';
import type { LayoutValues } from '../relayout/relayout-impl.js';
import type { LruCache } from '../util/lru.js';
import type { IndexChain } from './index-chain.js';

/** What one layout kernel computes, given its attributes and input. */
export interface LayoutPass {
  /** Output element → input element, or padding. */
  readonly chain: IndexChain;
  readonly outShape: readonly number[];
}

/** One layout kernel: how to plan its pass, and its CPU implementation. */
export interface LayoutKernelSpec<A> {
  /** The public op name (errors name it). */
  readonly op: string;
  /** Name of the single input tensor (`x` or `buffer`). */
  readonly input: string;
  /** Plans the pass (pure; cached per distinct key). */
  readonly plan: (attrs: A, inputShape: readonly number[], dtype: DataType) => LayoutPass;
  /** Cache key of `plan`'s result. */
  readonly planKey: (attrs: A, inputShape: readonly number[], dtype: DataType) => string;
  /** Value written into padding slots. */
  readonly padValue: (attrs: A) => number;
  /** The backend-free implementation, for the CPU route. */
  readonly cpu: (
    values: LayoutValues,
    inputShape: readonly number[],
    dtype: DataType,
    attrs: A,
  ) => LayoutValues;
}

/**
 * The pad value as the output dtype stores it: int32 truncates, as an Int32Array store does
 * (bool pads are 0 or 1, which every store keeps).
 */
export function storedPadValue(value: number, dtype: DataType): number {
  return dtype === 'int32' ? new Int32Array([value])[0]! : value;
}

/** One call of a layout kernel, as both GPU backends start it. */
export type LayoutKernelCall<A, P extends LayoutPass> = readonly [
  input: TensorInfo,
  attrs: A,
  /** The planned pass, as the backend extended it. */
  pass: P,
  /** The pad value as the input's dtype stores it. */
  padValue: number,
];

/**
 * The input, attributes, planned pass and pad value of a call of `spec`. Plans are pure
 * functions of their key (which fixes the input's shape and dtype), so each backend keeps the
 * recent ones in `plans`, with what it adds to a plan (`extend`).
 */
export function layoutKernelCall<A, P extends LayoutPass>(
  spec: LayoutKernelSpec<A>,
  inputs: NamedTensorInfoMap,
  attrs: NamedAttrMap | undefined,
  plans: LruCache<P>,
  extend: (planned: LayoutPass, input: TensorInfo) => P,
): LayoutKernelCall<A, P> {
  const input = inputs[spec.input] as TensorInfo;
  const a = attrs as unknown as A;
  const pass = plans.getOrCompute(spec.planKey(a, input.shape, input.dtype), () =>
    extend(spec.plan(a, input.shape, input.dtype), input),
  );
  return [input, a, pass, storedPadValue(spec.padValue(a), input.dtype)];
}
