/**
 * TGATHER (`select: 'all'`) straight from an index tile on the GPU: each output element reads
 * its own index entry, so no CPU map and no GPU->CPU read are needed. Outside the valid region
 * and for out-of-range offsets the output is 0, as in the CPU loop.
 */
import type { GPGPUProgram } from '@tensorflow/tfjs-backend-webgl';
import { INDEX_TILE_UNIFORMS } from './index-tile-uniforms.js';

export class TGatherProgram implements GPGPUProgram {
  readonly variableNames = ['values', 'idx'];
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  // tile.w: the destination's columns.
  readonly customUniforms = INDEX_TILE_UNIFORMS;
  readonly userCode = `
    void main() {
      int p = getOutputCoords();
      int b = p / sizes.z;
      int q = p - b * sizes.z;
      int i = q / tile.w;
      int j = q - i * tile.w;
      float result = 0.0;
      if (i < tile.x && j < tile.y) {
        float offset = getIdx(0, b * sizes.y + i * tile.z + j);
        if (offset >= 0.0 && offset < float(sizes.x)) {
          result = getValues(0, b * sizes.x + int(offset));
        }
      }
      setOutput(result);
    }
  `;

  /** @param size Number of output elements over all batch entries. */
  constructor(size: number) {
    this.outputShape = [size];
  }
}
