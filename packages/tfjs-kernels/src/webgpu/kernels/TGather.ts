/**
 * WebGPU kernel for `TGather`: one pass in which each output element reads its index entry.
 * `select: 'lastWriter'` (the gradient of TSCATTER) first records each source offset's last
 * writer with an `atomicMax` pass, as TSCATTER does, so no index values are read back.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs-core';
import { runFlat } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { tgatherImpl } from '../../impl/tgather-impl.js';
import { TGather, type TGatherAttrs } from '../../kernel-names.js';
import {
  entryRunWidth,
  ScatterAtomicProgram,
  scatterAtomicUniforms,
} from '../programs/scatter-atomic-webgpu.js';
import { TGatherProgram, tgatherUniforms } from '../programs/tgather-webgpu.js';
import { disposeAll } from '../residency.js';
import { type TileCall, webgpuTileKernel } from '../tile-call.js';
import { zeroedSlots } from '../zeroed-slots.js';

/** Per source slot, the index position of its last writer plus 1 (0: none). */
function lastWriters(call: TileCall<TGatherAttrs>): TensorInfo {
  const { backend, g } = call;
  const srcSize = g.src.rows * g.src.cols;
  const slots = g.batch * srcSize;
  const width = entryRunWidth(g, 'lastPosition');
  const { runs, uniforms } = scatterAtomicUniforms(g, srcSize, width);
  const program = new ScatterAtomicProgram('lastPosition', slots, runs, width);
  return runFlat(backend, program, [call.idx], 'int32', uniforms, zeroedSlots(backend, slots));
}

/** The gather pass (after the last-writer pass for `select: 'lastWriter'`). */
function gatherOnGpu(call: TileCall<TGatherAttrs>): TensorInfo {
  const { backend, g, attrs } = call;
  const winners = attrs.select === 'lastWriter' ? [lastWriters(call)] : [];
  const size = g.batch * g.dst.rows * g.dst.cols;
  const program = new TGatherProgram(size, call.src.dtype, attrs.select);
  const inputs = [call.src, call.idx, ...winners];
  const out = runFlat(backend, program, inputs, call.src.dtype, tgatherUniforms(g));
  disposeAll(backend, winners);
  return out;
}

export const tgatherWebgpuConfig: KernelConfig = {
  kernelName: TGather,
  backendName: 'webgpu',
  kernelFunc: webgpuTileKernel('tgather', 'src', tgatherImpl, gatherOnGpu),
};
