/**
 * What the WebGPU TScatter and TGather kernels share: the call's geometry, the data checks of
 * the CPU loops (../gpu/tile-data.ts, shared with WebGL), and the CPU route.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import {
  webgpuCpuRouteReason as cpuRouteReason,
  withShape,
} from '@tilekit/tfjs-backend-support/webgpu-passes';
import { checkTileData, runTileLoop } from '../gpu/tile-data.js';
import { readTileData, type TileData } from '../impl/tile-call-inputs.js';
import { outputShape } from '../impl/tile-geometry.js';
import type { TileLoop } from '../impl/tile-loop.js';
import type { TileOpAttrs } from '../kernel-names.js';
import { valueAccess } from './residency.js';

/** One TScatter/TGather call as the WebGPU kernels see it. */
export interface TileCall<A extends TileOpAttrs> extends TileData<A> {
  /** The public op name (errors name it). */
  readonly op: string;
  readonly backend: WebGPUBackend;
  readonly outShape: number[];
  /** The index values when they are on the CPU (or were read back for `bounds: 'error'`). */
  readonly idxValues: Int32Array | null;
}

/**
 * Puts `t`'s data on the GPU for a pass, *keeping* its CPU values if it has them: tfjs drops a
 * tensor's CPU values when it uploads them, and the checks of a later call (`bounds: 'error'`,
 * narrow element types) would then need a synchronous read back, which stalls the GPU (and, in
 * headless Chromium on SwiftShader, loses the device). With both copies (the state tfjs itself
 * leaves after a read), a tensor is uploaded once however many calls use it, and its checks
 * never read back. The values themselves are not changed.
 */
function residentOnBoth(backend: WebGPUBackend, t: TensorInfo): void {
  const data = backend.tensorMap.get(t.dataId);
  if (data.resource != null) return;
  const values = data.values;
  backend.uploadToGPU(t.dataId);
  data.values = values;
}

/**
 * Reads a kernel call's inputs, geometry and checks (throws like the CPU loop would).
 *
 * @param addressed Which tile the index offsets address: `dst` (TSCATTER) or `src` (TGATHER).
 */
export function tileCall<A extends TileOpAttrs>(
  op: string,
  addressed: 'src' | 'dst',
  args: Parameters<KernelFunc>[0],
): TileCall<A> {
  const backend = args.backend as WebGPUBackend;
  const data = readTileData<A>(args);
  const { src, g } = data;
  const addressedSize = g[addressed].rows * g[addressed].cols;
  const idxValues = checkTileData(op, valueAccess(backend, op), data, addressedSize);
  return {
    ...data,
    op,
    backend,
    outShape: outputShape(src.shape, g),
    idxValues,
  };
}

/** Puts the call's inputs on the GPU for its passes (see `residentOnBoth`). */
export function placeInputsOnGpu<A extends TileOpAttrs>(call: TileCall<A>): void {
  residentOnBoth(call.backend, call.src);
  residentOnBoth(call.backend, call.idx);
}

/**
 * Why this call runs on the CPU loop, or `null`: the shared rules, and a valid region that
 * overhangs the index tile or the data tile it pairs with (`src` for TSCATTER, `dst` for
 * TGATHER), which the passes address by row and column.
 */
export function tileCpuRouteReason<A extends TileOpAttrs>(
  call: TileCall<A>,
  paired: 'src' | 'dst',
): string | null {
  const { g } = call;
  if ([g.idx, g[paired]].some((t) => g.validRow > t.rows || g.validCol > t.cols)) {
    return 'the valid region overhangs a tile';
  }
  if (g.batch * g.dst.rows * g.dst.cols === 0) return 'a tensor is empty';
  return cpuRouteReason(call.backend, [call.src, call.idx]);
}

/** Runs the CPU loop (reading GPU data back if needed) and returns a CPU-resident result. */
export function runTileLoopOnCpu<A extends TileOpAttrs>(
  call: TileCall<A>,
  loop: TileLoop<A>,
): TensorInfo {
  return runTileLoop(valueAccess(call.backend, call.op), call, loop);
}

/**
 * The `kernelFunc` of a tile op on WebGPU: reads and checks the call, runs the CPU loop where a
 * route rule asks for it, and otherwise puts the inputs on the GPU and shapes the flat result of
 * `passes` as the output.
 *
 * @param addressed The tile the index offsets address: `dst` (TSCATTER) or `src` (TGATHER).
 */
export function webgpuTileKernel<A extends TileOpAttrs>(
  op: string,
  addressed: 'src' | 'dst',
  loop: TileLoop<A>,
  passes: (call: TileCall<A>) => TensorInfo,
): KernelFunc {
  const paired = addressed === 'dst' ? 'src' : 'dst';
  return (args) => {
    const call = tileCall<A>(op, addressed, args);
    if (tileCpuRouteReason(call, paired) !== null) return runTileLoopOnCpu(call, loop);
    placeInputsOnGpu(call);
    return withShape(passes(call), call.outShape);
  };
}
