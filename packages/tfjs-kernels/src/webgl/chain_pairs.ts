/**
 * Output pairs: the layout pass writes two consecutive outputs (p, p + 1), p even, per fragment
 * (a packed texel). When the chain is "pair-linear", the second source index is the first plus
 * a constant `delta`, and the second output is padding iff the first is or one tracked digit
 * crosses its bound, so the index arithmetic runs once per pair.
 *
 * Rule (checked per step, innermost first): output p + 1 differs from p only in the last digit
 * of step 0 (stride 1, even size, so no carry for even p), by +1. A step whose changed digit
 * moves by `inc` changes its output only inside that digit's place-value span
 * [weight, weight * size), without overflowing it; the next step must read that whole span
 * inside one digit, whose value then moves by `inc * weight / stride`. Any other shape of
 * chain computes the second index in full.
 */
import type { IndexChain } from '../gpu/index_chain.js';

/** The digit (term index within its step) that moves, and by how much, in each step. */
export interface PairPlan {
  readonly moved: readonly { readonly term: number; readonly increment: number }[];
  /** Source index of output p + 1 minus that of output p. */
  readonly delta: number;
}

/** The pair plan of `chain`, or `null` if consecutive outputs are not related linearly. */
export function planPairs(chain: IndexChain): PairPlan | null {
  const moved: { term: number; increment: number }[] = [];
  // The moved digit's output: its weight (place value), the end of its span, and the change.
  let weight = 1;
  let spanEnd = 1;
  let change = 1;
  for (const [s, step] of chain.entries()) {
    const term =
      s === 0
        ? step.findIndex((t, k) => k === step.length - 1 && t.stride === 1 && t.size % 2 === 0)
        : step.findIndex(
            (t) => t.stride <= weight && weight % t.stride === 0 && t.stride * t.size >= spanEnd,
          );
    if (term < 0) return null;
    const t = step[term]!;
    const increment = change / t.stride;
    moved.push({ term, increment });
    weight = t.weight;
    spanEnd = t.weight * t.size;
    change = increment * t.weight;
  }
  return moved.length === 0 ? null : { moved, delta: change };
}

/**
 * Output p + 1's source as the shader derives it from p's digits (p even): -1 when padding.
 * The JavaScript mirror of LayoutGatherProgram's pair logic, for tests.
 */
export function derivedSecond(chain: IndexChain, pairs: PairPlan, p: number): number {
  let index = p;
  let padding = false;
  for (const [s, step] of chain.entries()) {
    let rem = index;
    let next = 0;
    for (const [k, t] of step.entries()) {
      const v = Math.floor(rem / t.stride);
      rem -= v * t.stride;
      padding ||= v >= t.bound;
      const moved = pairs.moved[s]!;
      if (k === moved.term) padding ||= v + moved.increment >= t.bound;
      next += v * t.weight;
    }
    index = next;
  }
  return padding ? -1 : index + pairs.delta;
}
