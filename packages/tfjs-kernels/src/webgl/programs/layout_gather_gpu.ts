/**
 * The one pass behind relayout, unrelayout and convertLayout: each output element runs an index
 * chain (see ../index_chain.ts) from its own flat position to the flat position it copies, or
 * learns that it is padding and writes `padValue`. The chain arrives as uniform arrays padded to
 * a fixed capacity, so a single compiled shader serves every layout, shape and rank. The copy is
 * a pure selection (no arithmetic on the value): float bits move unchanged.
 */
import type { GPGPUProgram } from '@tensorflow/tfjs-backend-webgl/dist/gpgpu_math.js';

/** Most chain steps the shader runs; longer chains run on the CPU. */
export const MAX_CHAIN_STEPS = 8;
/** Most digit terms over all steps. */
export const MAX_CHAIN_TERMS = 48;

export class LayoutGatherProgram implements GPGPUProgram {
  readonly variableNames = ['source'];
  readonly outputShape: number[];
  readonly enableShapeUniforms = true;
  readonly customUniforms = [
    // (stride, size, bound, weight) per digit term, steps one after another.
    { name: 'terms', type: 'ivec4' as const, arrayIndex: MAX_CHAIN_TERMS },
    // One past each step's last term.
    { name: 'stepEnds', type: 'int' as const, arrayIndex: MAX_CHAIN_STEPS },
    { name: 'stepCount', type: 'int' as const },
    { name: 'padValue', type: 'float' as const },
  ];
  readonly userCode = `
    void main() {
      int index = getOutputCoords();
      bool padding = false;
      int begin = 0;
      for (int s = 0; s < ${MAX_CHAIN_STEPS}; s++) {
        if (s == stepCount) break;
        int end = stepEnds[s];
        int next = 0;
        for (int t = begin; t < end; t++) {
          ivec4 term = terms[t];
          int v = (index / term.x) % term.y;
          padding = padding || v >= term.z;
          next += v * term.w;
        }
        begin = end;
        index = next;
      }
      setOutput(padding ? padValue : getSource(index));
    }
  `;

  /** @param size Number of output elements. */
  constructor(size: number) {
    this.outputShape = [size];
  }
}
