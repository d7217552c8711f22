/**
 * Output runs: a layout pass that writes `width` consecutive outputs (p .. p + width - 1, p a
 * multiple of `width`) per invocation or fragment. When the chain allows it, the source of
 * output p + k is the source of p plus `k * delta`, and output p + k is padding iff p is or one
 * tracked digit per step crosses its bound, so the index arithmetic runs once per run.
 *
 * Rule (checked per step, innermost first): outputs p .. p + width - 1 differ only in the last
 * digit of step 0 (stride 1, size a multiple of `width`, so no carry for p a multiple of it), by
 * +k. A step whose changed digit moves by `inc` per output changes its output only inside that
 * digit's place-value span [weight, weight * size), without overflowing it (the other digits of
 * a step's output occupy disjoint spans); the next step must read that whole span inside one
 * digit, whose value then moves by `inc * weight / stride` per output. Any other shape of chain
 * computes every output in full.
 */
import type { IndexChain } from './index-chain.js';

/** The digit (term index within its step) that moves, and by how much per output, each step. */
export interface RunPlan {
  readonly width: number;
  readonly moved: readonly { readonly term: number; readonly increment: number }[];
  /** Source index of output p + 1 minus that of output p, inside a run. */
  readonly delta: number;
}

/**
 * The run plan of `chain` for runs of `width` outputs, or `null` if consecutive outputs are
 * not related linearly that far. The empty chain (the identity) runs with delta 1.
 */
export function planRuns(chain: IndexChain, width: number): RunPlan | null {
  const moved: { term: number; increment: number }[] = [];
  // The moved digit's output: its weight (place value), the end of its span, and the change.
  let weight = 1;
  let spanEnd = 1;
  let change = 1;
  for (const [s, step] of chain.entries()) {
    const term =
      s === 0
        ? step.findIndex((t, k) => k === step.length - 1 && t.stride === 1 && t.size % width === 0)
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
  return { width, moved, delta: change };
}

/**
 * Output p + k's source as a pass derives it from p's digits (p a multiple of the run width,
 * 0 <= k < width): -1 when padding. The JavaScript mirror of the passes' run logic, for tests.
 */
export function runLaneSource(chain: IndexChain, plan: RunPlan, p: number, k: number): number {
  let index = p;
  let padding = false;
  for (const [s, step] of chain.entries()) {
    let rem = index;
    let next = 0;
    for (const [t, term] of step.entries()) {
      const v = Math.floor(rem / term.stride);
      rem -= v * term.stride;
      padding ||= v >= term.bound;
      const moved = plan.moved[s]!;
      if (t === moved.term) padding ||= v + k * moved.increment >= term.bound;
      next += v * term.weight;
    }
    index = next;
  }
  return padding ? -1 : index + k * plan.delta;
}
