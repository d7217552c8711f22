/**
 * What the WebGPU TScatter and TGather kernels share: the call's geometry, the data checks of
 * the CPU loops (../gpu/tile_data.ts, shared with WebGL), and the CPU route.
 */
import type { WebGPUBackend } from '@tensorflow/tfjs-backend-webgpu';
import type { KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import { checkTileData, runTileLoop } from '../gpu/tile_data.js';
import { readTileData, type TileData } from '../impl/tile_call_inputs.js';
import { outputShape } from '../impl/tile_geometry.js';
import type { TileLoop } from '../impl/tile_loop.js';
import type { TileOpAttrs } from '../kernel_names.js';
import { cpuRouteReason } from './cpu_route.js';
import { cpuValues, valueAccess } from './residency.js';

/** One TScatter/TGather call as the WebGPU kernels see it. */
export interface TileCall<A extends TileOpAttrs> extends TileData<A> {
  readonly backend: WebGPUBackend;
  readonly outShape: number[];
  /** The index values when they are on the CPU (or were read back for `bounds: 'error'`). */
  readonly idxValues: Int32Array | null;
  /** The index tensor as the passes read it (see `passInput`). */
  readonly idxForPass: TensorInfo;
  /** The src tensor as the passes read it. */
  readonly srcForPass: TensorInfo;
  /** Uploaded copies the kernel disposes when its passes are recorded. */
  readonly temporaries: readonly TensorInfo[];
}

/**
 * The tensor a pass binds: `t` itself when its data is only on the GPU, else a new GPU copy of
 * its CPU values. tfjs drops a tensor's CPU values when it uploads them, and the checks of a
 * later call (`bounds: 'error'`, narrow element types) would then need a synchronous read back,
 * which stalls the GPU (and, in headless Chromium on SwiftShader, loses the device). Keeping
 * CPU-resident inputs there costs one upload per call, as a first upload does anyway.
 */
function passInput(backend: WebGPUBackend, t: TensorInfo, copies: TensorInfo[]): TensorInfo {
  const values = cpuValues(backend, t);
  if (values === null) return t;
  const copy = backend.makeTensorInfo(t.shape, t.dtype, values);
  copies.push(copy);
  return copy;
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
  const { src, idx, g } = data;
  const addressedSize = g[addressed].rows * g[addressed].cols;
  const idxValues = checkTileData(op, valueAccess(backend), data, addressedSize);
  return {
    ...data,
    backend,
    outShape: outputShape(src.shape, g),
    idxValues,
    idxForPass: idx,
    srcForPass: src,
    temporaries: [],
  };
}

/** The call with GPU copies of its CPU-resident inputs for the passes (see `passInput`). */
export function withPassInputs<A extends TileOpAttrs>(call: TileCall<A>): TileCall<A> {
  const copies: TensorInfo[] = [];
  const srcForPass = passInput(call.backend, call.src, copies);
  const idxForPass = passInput(call.backend, call.idx, copies);
  return { ...call, srcForPass, idxForPass, temporaries: copies };
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
  return runTileLoop(valueAccess(call.backend), call, loop);
}
