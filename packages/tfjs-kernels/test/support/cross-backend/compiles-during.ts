/** Counting the shader or pipeline compilations a GPU suite's calls cause. */
import type { Tensor } from '@tensorflow/tfjs-core';

/**
 * How many compilations `compiled` (a running count) saw during `run`, and `run`'s outputs,
 * which the caller checks and disposes.
 */
export function compilesDuring(
  compiled: () => number,
  run: () => Tensor[],
): { compiled: number; outputs: Tensor[] } {
  const before = compiled();
  const outputs = run();
  return { compiled: compiled() - before, outputs };
}
