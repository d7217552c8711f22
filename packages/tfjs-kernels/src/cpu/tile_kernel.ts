/**
 * The CPU kernel body shared by TScatter and TGather: read both inputs from the CPU backend, run
 * the backend-free loop, wrap the result as a new tensor.
 */
import type { MathBackendCPU } from '@tensorflow/tfjs-backend-cpu';
import type { KernelFunc, NamedAttrMap, TensorInfo } from '@tensorflow/tfjs-core';
import { outputShape, tileGeometry } from '../impl/tile_geometry.js';
import type { TileLoop } from '../impl/tile_loop.js';
import type { TileValues } from '../impl/tile_values.js';
import type { TileOpAttrs } from '../kernel_names.js';

/** Builds the CPU `kernelFunc` running `loop` on inputs `src` and `idx`. */
export function cpuTileKernel<A extends TileOpAttrs>(loop: TileLoop<A>): KernelFunc {
  return ({ inputs, backend, attrs }) => {
    const cpu = backend as MathBackendCPU;
    const src = inputs.src as TensorInfo;
    const idx = inputs.idx as TensorInfo;
    const a = attrs as NamedAttrMap as unknown as A;
    const g = tileGeometry(src.shape, idx.shape, a.dstShape, a.validRow, a.validCol);
    const out = loop(
      cpu.data.get(src.dataId).values as TileValues,
      cpu.data.get(idx.dataId).values as Int32Array,
      g,
      a,
    );
    return cpu.makeTensorInfo(outputShape(src.shape, g), src.dtype, out);
  };
}
