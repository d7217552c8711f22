/**
 * WebGL kernel for `TScatter`.
 *
 * Algorithm: when the index tile's values are on the CPU (the usual case: indices built from
 * arrays), the CPU inverts the scatter in O(entries + destinations): each destination's last
 * writer (`'assign'`) or its ordered writer list (`'add'`). One gather pass then fills every
 * destination, so the work scales with the data, unlike tfjs's scatter which scans all updates
 * per output. Index tiles that live only on the GPU are never read back for this: small ones
 * use a per-destination scan shader; large ones are read back once, since the scan would cost
 * destinations x updates.
 */

import type { KernelConfig, TensorInfo } from '@tensorflow/tfjs-core';
import {
  disposeWebglIntermediates as disposeAll,
  FLOAT_EXACT_INTEGER_LIMIT,
  runFlatProgram,
} from '@tilekit/tfjs-backend-support/webgl-passes';
import { lastWriterSources, writerLists } from '../../gpu/index-maps.js';
import { tscatterImpl } from '../../impl/tscatter-impl.js';
import { TScatter, type TScatterAttrs } from '../../kernel-names.js';
import { indexTensor } from '../index-tensor.js';
import { indexTileUniformValues } from '../programs/index-tile-uniforms.js';
import { gatherThroughMap } from '../programs/indexed-gather-gpu.js';
import { ScatterSearchProgram } from '../programs/scatter-search-gpu.js';
import { SegmentSumProgram } from '../programs/segment-sum-gpu.js';
import { readValues } from '../residency.js';
import { runOverIndexTile, type TileCall, webglTileKernel } from '../tile-call.js';

/** Largest destinations x updates product scanned on the GPU rather than reading indices back. */
export const SCATTER_SEARCH_LIMIT = 1 << 20;

type Call = TileCall<TScatterAttrs>;

/**
 * Whether int32 sums stay exact in float32: every partial sum is bounded by the largest
 * magnitude times the longest writer list.
 */
function int32SumsExact(call: Call, longest: number): boolean {
  if (call.src.dtype !== 'int32' || longest <= 1) return true;
  const src = readValues(call.backend, call.src) as Int32Array;
  let largest = 0;
  for (let k = 0; k < src.length; k++) largest = Math.max(largest, Math.abs(src[k]!));
  return largest * longest <= FLOAT_EXACT_INTEGER_LIMIT;
}

/** Sums each destination's writers in row-major order through CPU-built lists. */
function addByLists(call: Call, idxValues: Int32Array, values: TensorInfo): TensorInfo | null {
  const { backend } = call;
  const lists = writerLists(idxValues, call.g);
  if (!int32SumsExact(call, lists.longest)) return null;
  const starts = indexTensor(backend, lists.starts);
  // An empty list still needs a texture to bind.
  const writers = indexTensor(
    backend,
    lists.writers.length > 0 ? lists.writers : new Int32Array(1),
  );
  const out = runFlatProgram(
    backend,
    new SegmentSumProgram(starts.shape[1]! - 1),
    [values, starts, writers],
    call.src.dtype,
    [[0]],
  );
  disposeAll(backend, [starts, writers]);
  return out;
}

/** Scans the GPU-resident index tile per destination (small tiles only). */
function scatterBySearch(call: Call, values: TensorInfo): TensorInfo {
  const { g, attrs } = call;
  const size = g.batch * g.dst.rows * g.dst.cols;
  return runOverIndexTile(call, new ScatterSearchProgram(size), values, [
    ...indexTileUniformValues(g, g.src.cols),
    [attrs.mode === 'add' ? 1 : 0],
    [0],
  ]);
}

/** The flat GPU result, or `null` when only the CPU loop is exact for this call. */
function scatterOnGpu(call: Call, values: TensorInfo): TensorInfo | null {
  const { backend, g, attrs } = call;
  const searchWork = g.batch * g.validRow * g.validCol * g.dst.rows * g.dst.cols;
  const canSearch = !(attrs.mode === 'add' && call.src.dtype === 'int32');
  if (call.idxValues === null && canSearch && searchWork <= SCATTER_SEARCH_LIMIT) {
    return scatterBySearch(call, values);
  }
  const idxValues = call.idxValues ?? (readValues(backend, call.idx) as Int32Array);
  return attrs.mode === 'add'
    ? addByLists(call, idxValues, values)
    : // Each destination gathers its last writer through a CPU-built map.
      gatherThroughMap(call.backend, values, lastWriterSources(idxValues, call.g));
}

export const tscatterWebglConfig: KernelConfig = {
  kernelName: TScatter,
  backendName: 'webgl',
  kernelFunc: webglTileKernel('tscatter', 'dst', tscatterImpl, scatterOnGpu),
};
