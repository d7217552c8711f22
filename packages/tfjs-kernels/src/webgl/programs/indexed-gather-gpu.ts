/**
 * `out[p] = map[p] >= 0 ? values[map[p]] : 0` over flat tensors: the single gather pass behind
 * TSCATTER (map = each destination's last writer) and TGATHER (map = each output's source) when
 * the index map was built on the CPU. Pure selection, no arithmetic, so float bits (-0, NaN,
 * ±Inf) move unchanged.
 */
import type { GPGPUProgram, MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { TensorInfo } from '@tensorflow/tfjs-core';
import {
  disposeWebglIntermediates as disposeAll,
  runFlatProgram,
} from '@tilekit/tfjs-backend-support/webgl-passes';
import { indexTensor } from '../index-tensor.js';

export class IndexedGatherProgram implements GPGPUProgram {
  readonly variableNames = ['values', 'map'];
  readonly outputShape: number[];
  // Shapes travel as uniforms: one compiled shader serves every size.
  readonly enableShapeUniforms = true;
  readonly userCode = `
    void main() {
      int p = getOutputCoords();
      int source = int(getMap(0, p));
      // Read unconditionally (at a valid index), then select: cheaper than a branch around a
      // texture read on SIMD rasterisers.
      float value = getValues(0, max(source, 0));
      setOutput(source >= 0 ? value : 0.0);
    }
  `;

  /** @param size Number of output elements (the map's length). */
  constructor(size: number) {
    this.outputShape = [size];
  }
}

/**
 * Runs the gather pass: `out[p] = values[sources[p]]`, 0 where `sources[p]` is -1, as a flat
 * tensor of `values`' dtype (the CPU-built map is uploaded, used once and disposed).
 */
export function gatherThroughMap(
  backend: MathBackendWebGL,
  values: TensorInfo,
  sources: Int32Array,
): TensorInfo {
  const map = indexTensor(backend, sources);
  const program = new IndexedGatherProgram(map.shape[1]!);
  const out = runFlatProgram(backend, program, [values, map], values.dtype, []);
  disposeAll(backend, [map]);
  return out;
}
