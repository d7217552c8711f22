/**
 * WebGPU kernel for `TScatter`, deterministic for duplicate offsets (tfjs-backend-webgpu's own
 * `tensorScatterUpdate` stores duplicates with racing `atomicStore`s, so its winner varies):
 *
 * - `'assign'`: an `atomicMax` pass records each destination's last writer (its flat source index
 *   plus 1, which grows in row-major entry order) in a zeroed int32 buffer, then a gather pass
 *   copies every destination's winner: the CPU loop's result, bit for bit, in O(entries +
 *   destinations) work, with the indices read where they already are on the GPU.
 * - `'add'` on int32: one `atomicAdd` pass (wrapping addition is order-free, so exact).
 * - `'add'` on float32 (the gradient of TGATHER): float sums depend on their order, so the CPU
 *   builds each destination's writer list in row-major order (from the index values, read back
 *   once if they are only on the GPU) and a segment-sum pass adds them in that order.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs-core';
import { runFlat } from '@tilekit/tfjs-backend-support/webgpu-passes';
import { writerLists } from '../../gpu/index-maps.js';
import { tscatterImpl } from '../../impl/tscatter-impl.js';
import { TScatter, type TScatterAttrs } from '../../kernel-names.js';
import {
  type AtomicCombine,
  entryRunWidth,
  ScatterAtomicProgram,
  scatterAtomicUniforms,
} from '../programs/scatter-atomic-webgpu.js';
import { SegmentSumProgram, segmentSumUniforms } from '../programs/segment-sum-webgpu.js';
import {
  WinnerGatherProgram,
  winnerGatherUniforms,
  winnerRunWidth,
} from '../programs/winner-gather-webgpu.js';
import { disposeAll, readValues } from '../residency.js';
import { type TileCall, webgpuTileKernel } from '../tile-call.js';
import { zeroedSlots } from '../zeroed-slots.js';

type Call = TileCall<TScatterAttrs>;

/**
 * An int32 buffer of one slot per destination element, zeroed, then combined by one atomic pass
 * over the valid entries (sums, or last writers' positions plus 1).
 */
function atomicSlots(call: Call, combine: AtomicCombine): TensorInfo {
  const { backend, g } = call;
  const slots = g.batch * g.dst.rows * g.dst.cols;
  const inputs = combine === 'add' ? [call.idx, call.src] : [call.idx];
  const width = entryRunWidth(g, combine);
  const { runs, uniforms } = scatterAtomicUniforms(g, g.dst.rows * g.dst.cols, width);
  const program = new ScatterAtomicProgram(combine, slots, runs, width);
  return runFlat(backend, program, inputs, 'int32', uniforms, zeroedSlots(backend, slots));
}

/** Sums each destination's writers in row-major order through CPU-built lists. */
function floatSums(call: Call): TensorInfo {
  const { backend, g } = call;
  const idxValues = call.idxValues ?? (readValues(backend, call.idx, call.op, 'idx') as Int32Array);
  const lists = writerLists(idxValues, g);
  const starts = backend.makeTensorInfo([lists.starts.length], 'int32', lists.starts);
  // An empty list still needs a buffer to bind.
  const writers = lists.writers.length > 0 ? lists.writers : new Int32Array(1);
  const writerInfo = backend.makeTensorInfo([writers.length], 'int32', writers);
  const program = new SegmentSumProgram(g.batch * g.dst.rows * g.dst.cols);
  const inputs = [call.src, starts, writerInfo];
  const out = runFlat(backend, program, inputs, 'float32', segmentSumUniforms(g));
  disposeAll(backend, [starts, writerInfo]);
  return out;
}

/** The flat result of the GPU passes. */
function scatterOnGpu(call: Call): TensorInfo {
  const { backend, g } = call;
  if (call.attrs.mode === 'add') {
    return call.src.dtype === 'int32' ? atomicSlots(call, 'add') : floatSums(call);
  }
  const winners = atomicSlots(call, 'lastSource');
  const size = g.batch * g.dst.rows * g.dst.cols;
  const width = winnerRunWidth(size);
  const program = new WinnerGatherProgram(size, call.src.dtype, width);
  const inputs = [call.src, winners];
  const out = runFlat(backend, program, inputs, call.src.dtype, winnerGatherUniforms(size, width));
  disposeAll(backend, [winners]);
  return out;
}

export const tscatterWebgpuConfig: KernelConfig = {
  kernelName: TScatter,
  backendName: 'webgpu',
  kernelFunc: webgpuTileKernel('tscatter', 'dst', tscatterImpl, scatterOnGpu),
};
