/**
 * What the WebGL TScatter and TGather kernels share: the call's geometry, the data-dependent
 * checks of the CPU loops (../gpu/tile-data.ts, shared with WebGPU), and the CPU route.
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { KernelFunc, TensorInfo } from '@tensorflow/tfjs-core';
import {
  disposeWebglIntermediates as disposeAll,
  flatView,
  runFlatProgram,
  withShape,
} from '@tilekit/tfjs-backend-support/webgl-passes';
import { checkTileData, runTileLoop } from '../gpu/tile-data.js';
import { readTileData, type TileData } from '../impl/tile-call-inputs.js';
import { outputShape } from '../impl/tile-geometry.js';
import type { TileLoop } from '../impl/tile-loop.js';
import type { TileOpAttrs } from '../kernel-names.js';
import { cpuRouteReason } from './cpu-route.js';
import { isFloatAddressable, valueAccess } from './residency.js';

/** One TScatter/TGather call as the WebGL kernels see it. */
export interface TileCall<A extends TileOpAttrs> extends TileData<A> {
  readonly op: string;
  readonly backend: MathBackendWebGL;
  readonly outShape: number[];
  /** Element count of one tile the indices address (dst for TSCATTER, src for TGATHER). */
  readonly addressedSize: number;
  /** The index values when they are on the CPU (or were read back for `bounds: 'error'`). */
  readonly idxValues: Int32Array | null;
}

/** Which tile of the geometry the index offsets address. */
export type AddressedTile = 'src' | 'dst';

/** Reads a kernel call's inputs, geometry and checks (throws like the CPU loop would). */
export function tileCall<A extends TileOpAttrs>(
  op: string,
  addressed: AddressedTile,
  args: Parameters<KernelFunc>[0],
): TileCall<A> {
  const backend = args.backend as MathBackendWebGL;
  const data = readTileData<A>(args);
  const tile = data.g[addressed];
  const addressedSize = tile.rows * tile.cols;
  const idxValues = checkTileData(op, valueAccess(backend), data, addressedSize);
  return {
    ...data,
    op,
    backend,
    outShape: outputShape(data.src.shape, data.g),
    addressedSize,
    idxValues,
  };
}

/**
 * Why this call runs on the CPU loop, or `null`: the shared rules, plus sizes that float-carried
 * indices cannot address exactly and valid regions that overhang a tile.
 */
export function tileCpuRouteReason<A extends TileOpAttrs>(call: TileCall<A>): string | null {
  const { g } = call;
  const totals = [g.src, g.idx, g.dst].map((t) => g.batch * t.rows * t.cols);
  if (totals.includes(0)) return 'a tensor is empty';
  if (!totals.every(isFloatAddressable)) return 'a tensor has more than 2^24 elements';
  const region = [g.idx, g.src, g.dst];
  if (region.some((t) => g.validRow > t.rows || g.validCol > t.cols)) {
    return 'the valid region overhangs a tile';
  }
  // Index values on the CPU are consumed there (maps); only GPU-only indices are read by shaders.
  const idxOnGpu = call.idxValues === null ? [call.idx] : [];
  return cpuRouteReason(call.backend, {
    all: [call.src, call.idx],
    gpuRead: [call.src, ...idxOnGpu],
  });
}

/** Runs the CPU loop (reading GPU data back if needed) and returns a CPU-resident result. */
export function runTileLoopOnCpu<A extends TileOpAttrs>(
  call: TileCall<A>,
  loop: TileLoop<A>,
): TensorInfo {
  return runTileLoop(valueAccess(call.backend), call, loop);
}

/**
 * Runs `program` over `values` (the call's flat source) and the call's index tile, flattened where
 * it lives on the GPU, and returns the flat result: the passes that read the offsets in the
 * shader instead of a map built on the CPU.
 */
export function runOverIndexTile<A extends TileOpAttrs>(
  call: TileCall<A>,
  program: GPGPUProgram,
  values: TensorInfo,
  uniforms: number[][],
): TensorInfo {
  const idx = flatView(call.backend, call.idx);
  const out = runFlatProgram(call.backend, program, [values, idx], call.src.dtype, uniforms);
  disposeAll(call.backend, [idx]);
  return out;
}

/**
 * The `kernelFunc` of a tile op on WebGL: reads and checks the call, runs the CPU loop where a
 * route rule asks for it, and otherwise runs `passes` over the source's flat values, shaping its
 * flat result as the output (`passes` returns `null` when only the CPU loop is exact).
 */
export function webglTileKernel<A extends TileOpAttrs>(
  op: string,
  addressed: AddressedTile,
  loop: TileLoop<A>,
  passes: (call: TileCall<A>, values: TensorInfo) => TensorInfo | null,
): KernelFunc {
  return (args) => {
    const call = tileCall<A>(op, addressed, args);
    if (tileCpuRouteReason(call) !== null) return runTileLoopOnCpu(call, loop);
    const values = flatView(call.backend, call.src);
    const out = passes(call, values);
    disposeAll(call.backend, [values]);
    return out === null ? runTileLoopOnCpu(call, loop) : withShape(out, call.outShape);
  };
}
