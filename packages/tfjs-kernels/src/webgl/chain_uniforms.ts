/** Packs an index chain into LayoutGatherProgram's fixed-capacity uniform arrays. */
import type { IndexChain } from './index_chain.js';
import { termCount } from './index_chain.js';
import { MAX_CHAIN_STEPS, MAX_CHAIN_TERMS } from './programs/layout_gather_gpu.js';

/** Whether the shader's uniform arrays can hold `chain`. */
export function fitsShader(chain: IndexChain): boolean {
  return chain.length <= MAX_CHAIN_STEPS && termCount(chain) <= MAX_CHAIN_TERMS;
}

/**
 * The custom uniform values of LayoutGatherProgram, in declaration order: terms, step ends,
 * step count, pad value.
 */
export function chainUniforms(chain: IndexChain, padValue: number): number[][] {
  const terms = new Array<number>(4 * MAX_CHAIN_TERMS).fill(0);
  const stepEnds = new Array<number>(MAX_CHAIN_STEPS).fill(0);
  let t = 0;
  chain.forEach((step, s) => {
    for (const term of step) {
      terms.splice(4 * t, 4, term.stride, term.size, term.bound, term.weight);
      t++;
    }
    stepEnds[s] = t;
  });
  return [terms, stepEnds, [chain.length], [padValue]];
}
