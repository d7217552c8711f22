/**
 * WebGL kernel for `TGather`. A gather is naturally one pass: with the index tile's values on
 * the CPU, the CPU resolves each output's source (and, for `select: 'lastWriter'`, which entries
 * are their offset's last writer) and one map-driven pass copies; with indices only on the GPU,
 * `select: 'all'` reads them in the shader directly. `'lastWriter'` needs every entry of an
 * offset at once, so GPU-only indices are read back for it.
 */
import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs-core';
import { gatherSources } from '../../gpu/index-maps.js';
import { tgatherImpl } from '../../impl/tgather-impl.js';
import { TGather, type TGatherAttrs } from '../../kernel-names.js';
import { indexTileUniformValues } from '../programs/index-tile-uniforms.js';
import { gatherThroughMap } from '../programs/indexed-gather-gpu.js';
import { TGatherProgram } from '../programs/tgather-gpu.js';
import { readValues } from '../residency.js';
import { runOverIndexTile, type TileCall, webglTileKernel } from '../tile-call.js';

type Call = TileCall<TGatherAttrs>;

function gatherFromGpuIndices(call: Call, values: TensorInfo): TensorInfo {
  const { g } = call;
  const size = g.batch * g.dst.rows * g.dst.cols;
  return runOverIndexTile(
    call,
    new TGatherProgram(size),
    values,
    indexTileUniformValues(g, g.dst.cols),
  );
}

/** The GPU-read indices' pass, or a copy through the CPU-built source map. */
function gatherOnGpu(call: Call, values: TensorInfo): TensorInfo {
  const { backend } = call;
  return call.idxValues === null && call.attrs.select === 'all'
    ? gatherFromGpuIndices(call, values)
    : gatherThroughMap(
        backend,
        values,
        gatherSources(
          call.idxValues ?? (readValues(backend, call.idx) as Int32Array),
          call.g,
          call.attrs.select,
        ),
      );
}

export const tgatherWebglConfig: KernelConfig = {
  kernelName: TGather,
  backendName: 'webgl',
  kernelFunc: webglTileKernel('tgather', 'src', tgatherImpl, gatherOnGpu),
};
