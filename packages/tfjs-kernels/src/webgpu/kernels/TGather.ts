/**
 * WebGPU kernel for `TGather`: one pass in which each output element reads its index entry.
 * `select: 'lastWriter'` (the gradient of TSCATTER) first records each source offset's last
 * writer with an `atomicMax` pass, as TSCATTER does, so no index values are read back.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs-core';
import { tgatherImpl } from '../../impl/tgather_impl.js';
import { TGather, type TGatherAttrs } from '../../kernel_names.js';
import { FillProgram, fillUniforms } from '../programs/fill_webgpu.js';
import { ScatterAtomicProgram, scatterAtomicUniforms } from '../programs/scatter_atomic_webgpu.js';
import { TGatherProgram, tgatherUniforms } from '../programs/tgather_webgpu.js';
import { disposeAll, runFlat, withShape } from '../residency.js';
import {
  runTileLoopOnCpu,
  type TileCall,
  tileCall,
  tileCpuRouteReason,
  withPassInputs,
} from '../tile_call.js';

/** Per source slot, the index position of its last writer (-1: none). */
function lastWriters(call: TileCall<TGatherAttrs>): TensorInfo {
  const { backend, g } = call;
  const srcSize = g.src.rows * g.src.cols;
  const slots = g.batch * srcSize;
  const filled = runFlat(backend, new FillProgram(slots), [], 'int32', fillUniforms(slots, -1));
  const program = new ScatterAtomicProgram('lastWriter', slots, g.batch * g.validRow * g.validCol);
  return runFlat(
    backend,
    program,
    [call.idxForPass],
    'int32',
    scatterAtomicUniforms(g, srcSize),
    filled,
  );
}

function tgatherWebgpu(args: Parameters<KernelConfig['kernelFunc']>[0]): TensorInfo {
  const checked = tileCall<TGatherAttrs>('tgather', 'src', args);
  if (tileCpuRouteReason(checked, 'dst') !== null) return runTileLoopOnCpu(checked, tgatherImpl);
  const call = withPassInputs(checked);
  const { backend, g, attrs } = call;
  const winners = attrs.select === 'lastWriter' ? [lastWriters(call)] : [];
  const size = g.batch * g.dst.rows * g.dst.cols;
  const program = new TGatherProgram(size, call.src.dtype, attrs.select);
  const inputs = [call.srcForPass, call.idxForPass, ...winners];
  const out = runFlat(backend, program, inputs, call.src.dtype, tgatherUniforms(g));
  disposeAll(backend, [...winners, ...call.temporaries]);
  return withShape(out, call.outShape);
}

export const tgatherWebgpuConfig: KernelConfig = {
  kernelName: TGather,
  backendName: 'webgpu',
  kernelFunc: tgatherWebgpu as KernelConfig['kernelFunc'],
};
