/**
 * The CPU kernel body shared by TScatter and TGather: read both inputs from the CPU backend, run
 * the backend-free loop, wrap the result as a new tensor.
 */
import type { MathBackendCPU } from '@tensorflow/tfjs-backend-cpu';
import type { KernelFunc } from '@tensorflow/tfjs-core';
import { readTileData } from '../impl/tile-call-inputs.js';
import { outputShape } from '../impl/tile-geometry.js';
import type { TileLoop } from '../impl/tile-loop.js';
import type { TileValues } from '../impl/tile-values.js';
import type { TileOpAttrs } from '../kernel-names.js';

/** Builds the CPU `kernelFunc` running `loop` on inputs `src` and `idx`. */
export function cpuTileKernel<A extends TileOpAttrs>(loop: TileLoop<A>): KernelFunc {
  return (args) => {
    const cpu = args.backend as MathBackendCPU;
    const { src, idx, attrs: a, g } = readTileData<A>(args);
    const out = loop(
      cpu.data.get(src.dataId).values as TileValues,
      cpu.data.get(idx.dataId).values as Int32Array,
      g,
      a,
    );
    return cpu.makeTensorInfo(outputShape(src.shape, g), src.dtype, out);
  };
}
