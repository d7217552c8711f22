/**
 * TSCATTER for index tiles that live only on the GPU: each destination element scans the
 * index tile's valid region in row-major order and keeps the last matching source (or the sum
 * of all of them for `mode: 'add'`). O(destinations x updates), so kernels use it only for
 * small tiles; it avoids a GPU->CPU read of the indices.
 */
import type { GPGPUProgram } from '@tensorflow/tfjs-backend-webgl';
import { EXACT_ADD_GLSL } from './exact-add-glsl.js';
import { INDEX_TILE_UNIFORMS } from './index-tile-uniforms.js';

export class ScatterSearchProgram implements GPGPUProgram {
  readonly variableNames = ['values', 'idx'];
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  readonly customUniforms = [
    // tile.w: the source's columns.
    ...INDEX_TILE_UNIFORMS,
    { name: 'addMode', type: 'int' as const },
    // Uniform 0.0 so `0.0 + v` cannot be folded to `v` (see SegmentSumProgram).
    { name: 'zero', type: 'float' as const },
  ];
  readonly userCode = `
    ${EXACT_ADD_GLSL}

    void main() {
      int p = getOutputCoords();
      int b = p / sizes.z;
      // Offsets are compared as floats: exact below 2^24, and an out-of-range float never
      // equals an in-range offset (int() of a huge float would be undefined).
      float offset = float(p - b * sizes.z);
      int idxBase = b * sizes.y;
      int srcBase = b * sizes.x;
      float sum = zero;
      float last = 0.0;
      for (int i = 0; i < tile.x; i++) {
        for (int j = 0; j < tile.y; j++) {
          if (getIdx(0, idxBase + i * tile.z + j) == offset) {
            float v = getValues(0, srcBase + i * tile.w + j);
            sum = exactAdd(sum, v);
            last = v;
          }
        }
      }
      setOutput(addMode == 1 ? sum : last);
    }
  `;

  /** @param size Number of destination elements over all batch entries. */
  constructor(size: number) {
    this.outputShape = [size];
  }
}
