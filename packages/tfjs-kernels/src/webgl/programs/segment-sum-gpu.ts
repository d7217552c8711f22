/**
 * `out[k] = 0 + values[writers[starts[k]]] + ... + values[writers[starts[k+1] - 1]]`: the
 * TSCATTER `mode: 'add'` pass over per-destination writer lists built on the CPU (CSR form).
 * Each destination adds its writers in row-major order, one IEEE float32 addition at a time
 * (`exactAdd`, subnormals kept), which is exactly the CPU loop's arithmetic.
 */
import type { GPGPUProgram } from '@tensorflow/tfjs-backend-webgl';
import { EXACT_ADD_GLSL } from './exact-add-glsl.js';

export class SegmentSumProgram implements GPGPUProgram {
  readonly variableNames = ['values', 'starts', 'writers'];
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  // `zero` is a uniform (always 0.0) rather than a literal so the compiler cannot fold
  // `0.0 + v` into `v`, which would turn the CPU's +0 (0 + -0) into -0.
  readonly customUniforms = [{ name: 'zero', type: 'float' as const }];
  readonly userCode = `
    ${EXACT_ADD_GLSL}

    void main() {
      int k = getOutputCoords();
      int begin = int(getStarts(0, k));
      int end = int(getStarts(0, k + 1));
      float sum = zero;
      for (int w = begin; w < end; w++) {
        sum = exactAdd(sum, getValues(0, int(getWriters(0, w))));
      }
      setOutput(sum);
    }
  `;

  /** @param size Number of destination elements (`starts` has one more entry). */
  constructor(size: number) {
    this.outputShape = [size];
  }
}
