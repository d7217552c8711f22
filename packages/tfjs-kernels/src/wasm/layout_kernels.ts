/**
 * The relayout family on tfjs's wasm backend: the same run tables as the CPU kernels, copied by
 * the move module straight from the input's heap bytes into the output's (no typed-array copy
 * in or out). Tables are resolved before the output is allocated, so a bad layout leaks nothing.
 */
import type { KernelConfig, KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import {
  TiledConvertLayout,
  type TiledConvertLayoutAttrs,
  TiledRelayout,
  type TiledRelayoutAttrs,
  TiledUnrelayout,
  type TiledUnrelayoutAttrs,
} from '../kernel_names.js';
import { layoutRuns } from '../relayout/layout_cache.js';
import type { PhysicalRuns } from '../relayout/physical_runs.js';
import { identityRuns } from '../relayout/run_copy.js';
import { heapOffset, type WasmBackendLike } from './backend_memory.js';
import { moveOnHeap } from './move_runs.js';

/** What one call copies: output shape, the two run tables and the pad value. */
interface LayoutCopy {
  readonly shape: number[];
  readonly toRuns: PhysicalRuns;
  readonly fromRuns: PhysicalRuns;
  readonly padValue: number;
}

/** Builds a one-input wasm kernel whose output is `copyOf`'s move from the input. */
function wasmLayoutKernel<A>(
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

export const tiledRelayoutWasmConfig: KernelConfig = {
  kernelName: TiledRelayout,
  backendName: 'wasm',
  kernelFunc: wasmLayoutKernel<TiledRelayoutAttrs>('x', (x, { layout, padValue }) => {
    const runs = layoutRuns(x.dtype, x.shape, layout);
    return {
      shape: [runs.physicalCount],
      toRuns: runs,
      fromRuns: identityRuns(runs.logicalCount),
      padValue,
    };
  }),
};

export const tiledUnrelayoutWasmConfig: KernelConfig = {
  kernelName: TiledUnrelayout,
  backendName: 'wasm',
  kernelFunc: wasmLayoutKernel<TiledUnrelayoutAttrs>('buffer', (buffer, { shape, layout }) => {
    const runs = layoutRuns(buffer.dtype, shape, layout);
    return {
      shape: [...shape],
      toRuns: identityRuns(runs.logicalCount),
      fromRuns: runs,
      padValue: 0,
    };
  }),
};

export const tiledConvertLayoutWasmConfig: KernelConfig = {
  kernelName: TiledConvertLayout,
  backendName: 'wasm',
  kernelFunc: wasmLayoutKernel<TiledConvertLayoutAttrs>('buffer', (buffer, attrs) => {
    const toRuns = layoutRuns(buffer.dtype, attrs.shape, attrs.to);
    return {
      shape: [toRuns.physicalCount],
      toRuns,
      fromRuns: layoutRuns(buffer.dtype, attrs.shape, attrs.from),
      padValue: attrs.padValue,
    };
  }),
};
