/**
 * Index chains: the arithmetic a layout gather pass runs per output element, as plain data.
 *
 * A tiled layout is a sequence of row-major reshapes, pads and transposes (the seed's
 * pad → reshape → transpose reading), and a reshape never changes a row-major linear index. So
 * mapping an index through a layout, or back, is a short list of *steps*, each taking one
 * linear index to the next as a sum of mixed-radix *digit terms*:
 *
 *     v = (index / stride) % size        // one coordinate of the step's input shape
 *     padding if v >= bound              // the coordinate lies in a pad's overhang
 *     next += v * weight                 // its stride in the step's output shape
 *
 * A transpose moves digits to new weights; an (inverse) pad reads digits with a bound. The
 * same evaluator (here, in GLSL on WebGL and in WGSL on WebGPU) runs every step, so one compiled
 * shader serves every layout, shape and direction.
 */

import { INT32_MAX } from '@tilekit/errors';

/** "No bound": the largest int32. */
export const UNBOUNDED = INT32_MAX;

/** One digit term of a step. */
export interface DigitTerm {
  readonly stride: number;
  readonly size: number;
  readonly bound: number;
  readonly weight: number;
}

/** One linear index to the next: the sum of its terms. */
export type ChainStep = readonly DigitTerm[];

/** A chain of steps, applied in order. */
export type IndexChain = readonly ChainStep[];

/**
 * Evaluates a chain on one input index with the shader's integer arithmetic.
 *
 * @returns The final index, or -1 when the input is padding at some step.
 */
export function evaluateChain(chain: IndexChain, input: number): number {
  let index = input;
  for (const step of chain) {
    let next = 0;
    for (const t of step) {
      const v = Math.floor(index / t.stride) % t.size;
      if (v >= t.bound) return -1;
      next += v * t.weight;
    }
    index = next;
  }
  return index;
}

/** Total number of terms over all steps. */
export function termCount(chain: IndexChain): number {
  return chain.reduce((sum, step) => sum + step.length, 0);
}

/**
 * Whether each step's terms decompose its input exactly, major to minor (each stride the next
 * one's stride times size, the last 1): digits then come out by successive remainders, one
 * division per digit instead of a division and a remainder.
 */
export function decomposesByRemainders(chain: IndexChain): boolean {
  return chain.every((step) =>
    step.every((t, k) => {
      const next = step[k + 1];
      return next === undefined ? t.stride === 1 : t.stride === next.stride * next.size;
    }),
  );
}

/** Whether every stride of `chain` is a power of two (digits come out by shifts). */
export function stridesArePowersOfTwo(chain: IndexChain): boolean {
  return chain.every((step) => step.every((t) => (t.stride & (t.stride - 1)) === 0));
}

/** Most steps and digit terms a generated GPU pass may have; longer chains run on the CPU. */
export const MAX_CHAIN_STEPS = 8;
export const MAX_CHAIN_TERMS = 48;

/** Whether a generated pass (WebGL or WebGPU) can hold `chain`. */
export function fitsGeneratedPass(chain: IndexChain): boolean {
  return chain.length <= MAX_CHAIN_STEPS && termCount(chain) <= MAX_CHAIN_TERMS;
}

/**
 * The part of a chain's structure both backends generate code from: the number of digit terms
 * in each step, and the global indices of the terms with a bound (pads), the only ones a pass
 * checks for padding.
 */
export function chainStructure(chain: IndexChain): {
  readonly stepTerms: number[];
  readonly bounded: number[];
} {
  return {
    stepTerms: chain.map((step) => step.length),
    bounded: chain.flat().flatMap((t, g) => (t.bound === UNBOUNDED ? [] : [g])),
  };
}
