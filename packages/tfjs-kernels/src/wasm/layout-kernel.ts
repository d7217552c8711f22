/**
 * The relayout family on tfjs's wasm backend: the same run tables as the CPU kernels, copied by
 * the move module straight from the input's heap bytes into the output's (no typed-array copy
 * in or out). Tables are resolved before the output is allocated, so a bad layout leaks nothing.
 */
import type { KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import { heapOffset, type WasmBackendLike } from '@tilekit/tfjs-backend-support/wasm-heap';
import type { PhysicalRuns } from '../relayout/physical-runs.js';
import { moveOnHeap } from './move-runs.js';

/** What one call copies: output shape, the two run tables and the pad value. */
export interface LayoutCopy {
  readonly shape: number[];
  readonly toRuns: PhysicalRuns;
  readonly fromRuns: PhysicalRuns;
  readonly padValue: number;
}

/** Builds a one-input wasm kernel whose output is `copyOf`'s move from the input. */
export function wasmLayoutKernel<A>(
  inputName: string,
  copyOf: (input: TensorInfo, attrs: A) => LayoutCopy,
): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const wasm = backend as unknown as WasmBackendLike;
    const input = inputs[inputName] as TensorInfo;
    const copy = copyOf(input, attrs as NamedAttrMap as unknown as A);
    const output = wasm.makeOutput(copy.shape, input.dtype);
    moveOnHeap(wasm, {
      dtype: input.dtype,
      to: heapOffset(wasm, output),
      toRuns: copy.toRuns,
      from: heapOffset(wasm, input),
      fromRuns: copy.fromRuns,
      padValue: copy.padValue,
    });
    return output;
  };
}
