/**
 * Output runs: a layout pass that writes `width` consecutive outputs (p .. p + width - 1, p a
 * multiple of `width`) per invocation or fragment. When the chain allows it, the source of
 * output p + k is the source of p plus `k * delta`, and output p + k is padding iff p is or one
 * tracked digit per step crosses its bound, so the index arithmetic runs once per run.
 *
 * Rule, proved step by step. Entering a step, the index of output p + k is `base + k * change`
 * where `base mod span + (width - 1) * change < span` and `change` divides `span`: the run only
 * moves the index inside one aligned block of `span` values (at the first step, span = width and
 * change = 1). A step then relates the run linearly iff
 *
 * - one term (the moved digit; stride s, size z) reads the block whole: s divides `change` and
 *   `span`, and `span` divides s * z, so its digit moves by `change / s` without a carry;
 * - every other term reads above the block (`span` divides its stride) or below the change (its
 *   stride times size divides `change`), so its digit does not move;
 * - in the step's output, the moved digit's free part lands in a block of `span' = w * span / s`
 *   values (w its weight) that the other terms cannot disturb: each other weight is a multiple
 *   of `span'`, or all of the smaller ones together stay below w.
 *
 * The output index then moves by `change' = change * w / s` inside its block of `span'` (the
 * last step's output is the source index, which no later digit reads: it needs no block). A
 * digit with a bound only holds data below it, so terms contribute at most `min(size, bound) - 1`
 * times their weight. Any other shape of chain computes every output in full.
 */
import type { ChainStep, DigitTerm, IndexChain } from './index-chain.js';

/** The digit (term index within its step) that moves, and by how much per output, each step. */
export interface RunPlan {
  readonly width: number;
  readonly moved: readonly { readonly term: number; readonly increment: number }[];
  /** Source index of output p + 1 minus that of output p, inside a run. */
  readonly delta: number;
  /**
   * Whether every run's first source index is a multiple of `width * delta` (where it is not
   * padding): no step adds a digit below the moved one, so run starts stay block starts. With
   * delta 1 a run is one aligned vector of the source.
   */
  readonly aligned: boolean;
}

/** Whether term `t` reads the moving block whole: its digit moves by change / stride. */
function readsBlock(t: DigitTerm, span: number, change: number): boolean {
  return change % t.stride === 0 && span % t.stride === 0 && (t.stride * t.size) % span === 0;
}

/** Whether term `t`'s digit stays put while the index moves inside its block. */
function staysPut(t: DigitTerm, span: number, change: number): boolean {
  return t.stride % span === 0 || change % (t.stride * t.size) === 0;
}

/**
 * The most the other terms of `step` add inside the moved digit's output block of `span`
 * values (terms whose weights are multiples of `span` add whole blocks); the block is free of
 * them when this stays below the moved digit's weight.
 */
function addedBelow(step: ChainStep, moved: number, span: number): number {
  let below = 0;
  for (const [k, t] of step.entries()) {
    if (k === moved || t.weight % span === 0) continue;
    below += (Math.min(t.size, t.bound) - 1) * t.weight;
  }
  return below;
}

/**
 * The run plan of `chain` for runs of `width` outputs, or `null` if consecutive outputs are
 * not related linearly that far. The empty chain (the identity) runs with delta 1.
 *
 * With `stride`, a run is `width` outputs `stride` apart instead: p, p + stride, ... for any p
 * whose remainder modulo `stride * width` is below `stride` (the same proof, entering with
 * span = stride * width and change = stride).
 */
export function planRuns(chain: IndexChain, width: number, stride = 1): RunPlan | null {
  const moved: { term: number; increment: number }[] = [];
  let span = width * stride;
  let change = stride;
  let aligned = true;
  for (const [s, step] of chain.entries()) {
    const term = step.findIndex(
      (t, k) =>
        readsBlock(t, span, change) &&
        step.every((other, j) => j === k || staysPut(other, span, change)),
    );
    if (term < 0) return null;
    const t = step[term]!;
    const nextSpan = (t.weight * span) / t.stride;
    const below = addedBelow(step, term, nextSpan);
    // The last step's output is the source index itself: no later digit reads its blocks.
    if (s < chain.length - 1 && below >= t.weight) return null;
    aligned &&= below === 0;
    moved.push({ term, increment: change / t.stride });
    span = nextSpan;
    change = (change * t.weight) / t.stride;
  }
  return { width, moved, delta: change, aligned };
}

/**
 * The output stride whose step moves the source index by exactly 1, traced back through the
 * chain's digits (the direction a tile's source is contiguous in), or `null`. A candidate only:
 * `planRuns` with that stride decides whether runs along it are linear.
 */
export function unitSourceStride(chain: IndexChain): number | null {
  let target = 1;
  for (let s = chain.length - 1; s >= 0; s--) {
    // The digit whose place values include `target`: moving it by target / weight moves the
    // step's output by `target`.
    const term = chain[s]!.find(
      (t) => target % t.weight === 0 && target < t.weight * Math.min(t.size, t.bound),
    );
    if (term === undefined) return null;
    target = term.stride * (target / term.weight);
  }
  return target;
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
