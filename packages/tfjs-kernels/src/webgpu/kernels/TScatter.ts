/**
 * WebGPU kernel for `TScatter`, deterministic for duplicate offsets (tfjs-backend-webgpu's own
 * `tensorScatterUpdate` stores duplicates with racing `atomicStore`s, so its winner varies):
 *
 * - `'assign'`: an `atomicMax` pass records each destination's last writer (its row-major index
 *   position) in an int32 buffer, then a gather pass copies every destination's winner: the CPU
 *   loop's result, bit for bit, in O(entries + destinations) work.
 * - `'add'` on int32: one `atomicAdd` pass (wrapping addition is order-free, so exact).
 * - `'add'` on float32 (the gradient of TGATHER): float sums depend on their order, so the CPU
 *   builds each destination's writer list in row-major order (from the index values, read back
 *   once if they are only on the GPU) and a segment-sum pass adds them in that order.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs-core';
import { writerLists } from '../../gpu/index_maps.js';
import { tscatterImpl } from '../../impl/tscatter_impl.js';
import { TScatter, type TScatterAttrs } from '../../kernel_names.js';
import { FillProgram, fillUniforms } from '../programs/fill_webgpu.js';
import {
  type AtomicCombine,
  ScatterAtomicProgram,
  scatterAtomicUniforms,
} from '../programs/scatter_atomic_webgpu.js';
import { SegmentSumProgram, segmentSumUniforms } from '../programs/segment_sum_webgpu.js';
import { WinnerGatherProgram, winnerGatherUniforms } from '../programs/winner_gather_webgpu.js';
import { disposeAll, readValues, runFlat, withShape } from '../residency.js';
import {
  runTileLoopOnCpu,
  type TileCall,
  tileCall,
  tileCpuRouteReason,
  withPassInputs,
} from '../tile_call.js';

type Call = TileCall<TScatterAttrs>;

/**
 * An int32 buffer of one slot per destination element starting at `initial`, combined by one
 * atomic pass over the valid entries.
 */
function atomicSlots(call: Call, combine: AtomicCombine, initial: number): TensorInfo {
  const { backend, g } = call;
  const slots = g.batch * g.dst.rows * g.dst.cols;
  const filled = runFlat(
    backend,
    new FillProgram(slots),
    [],
    'int32',
    fillUniforms(slots, initial),
  );
  const entries = g.batch * g.validRow * g.validCol;
  const inputs = combine === 'add' ? [call.idxForPass, call.srcForPass] : [call.idxForPass];
  const uniforms = scatterAtomicUniforms(g, g.dst.rows * g.dst.cols);
  const program = new ScatterAtomicProgram(combine, slots, entries);
  return runFlat(backend, program, inputs, 'int32', uniforms, filled);
}

/** Sums each destination's writers in row-major order through CPU-built lists. */
function floatSums(call: Call): TensorInfo {
  const { backend, g } = call;
  const idxValues = call.idxValues ?? (readValues(backend, call.idx) as Int32Array);
  const lists = writerLists(idxValues, g);
  const starts = backend.makeTensorInfo([lists.starts.length], 'int32', lists.starts);
  // An empty list still needs a buffer to bind.
  const writers = lists.writers.length > 0 ? lists.writers : new Int32Array(1);
  const writerInfo = backend.makeTensorInfo([writers.length], 'int32', writers);
  const program = new SegmentSumProgram(g.batch * g.dst.rows * g.dst.cols);
  const inputs = [call.srcForPass, starts, writerInfo];
  const out = runFlat(backend, program, inputs, 'float32', segmentSumUniforms(g));
  disposeAll(backend, [starts, writerInfo]);
  return out;
}

/** The flat result of the GPU passes. */
function scatterOnGpu(call: Call): TensorInfo {
  const { backend, g } = call;
  if (call.attrs.mode === 'add') {
    return call.src.dtype === 'int32' ? atomicSlots(call, 'add', 0) : floatSums(call);
  }
  const winners = atomicSlots(call, 'lastWriter', -1);
  const program = new WinnerGatherProgram(g.batch * g.dst.rows * g.dst.cols, call.src.dtype);
  const inputs = [call.srcForPass, winners];
  const out = runFlat(backend, program, inputs, call.src.dtype, winnerGatherUniforms(g));
  disposeAll(backend, [winners]);
  return out;
}

function tscatterWebgpu(args: Parameters<KernelConfig['kernelFunc']>[0]): TensorInfo {
  const checked = tileCall<TScatterAttrs>('tscatter', 'dst', args);
  if (tileCpuRouteReason(checked, 'src') !== null) {
    return runTileLoopOnCpu(checked, tscatterImpl);
  }
  const call = withPassInputs(checked);
  const out = scatterOnGpu(call);
  disposeAll(call.backend, call.temporaries);
  return withShape(out, call.outShape);
}

export const tscatterWebgpuConfig: KernelConfig = {
  kernelName: TScatter,
  backendName: 'webgpu',
  kernelFunc: tscatterWebgpu as KernelConfig['kernelFunc'],
};
