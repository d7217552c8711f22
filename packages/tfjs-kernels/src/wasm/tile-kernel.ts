/**
 * TScatter and TGather on tfjs's wasm backend: the backend-free loops read both inputs in place
 * through typed-array views of the heap (no copy in), and the result is written into a tensor
 * allocated on the heap. Views are taken before any allocation, which may grow (and so detach)
 * the heap, and the output is allocated only once the loop has passed its checks, so an error
 * path allocates nothing.
 */
import type { DataType, KernelFunc } from '@tensorflow/tfjs-core';
import {
  heapElements,
  heapOffset,
  type WasmBackendLike,
} from '@tilekit/tfjs-backend-support/wasm-heap';
import { readTileData } from '../impl/tile-call-inputs.js';
import { outputShape } from '../impl/tile-geometry.js';
import type { TileLoop } from '../impl/tile-loop.js';
import type { TileOpAttrs } from '../kernel-names.js';

/** Builds the wasm `kernelFunc` running `loop` on inputs `src` and `idx`. */
export function wasmTileKernel<A extends TileOpAttrs>(loop: TileLoop<A>): KernelFunc {
  return (args) => {
    const wasm = args.backend as unknown as WasmBackendLike;
    const { src, idx, attrs: a, g } = readTileData<A>(args);
    const values = loop(heapElements(wasm, src), heapElements(wasm, idx) as Int32Array, g, a);
    const output = wasm.makeOutput(outputShape(src.shape, g), src.dtype as DataType);
    // After makeOutput: its malloc may have grown the heap, and HEAPU8 views the new buffer.
    wasm.wasm.HEAPU8.set(
      new Uint8Array(values.buffer, values.byteOffset, values.byteLength),
      heapOffset(wasm, output),
    );
    return output;
  };
}
