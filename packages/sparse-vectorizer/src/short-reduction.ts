/**
 * The half-width short path of a vectorized reduction (option `halfWidthShortReductions`).
 * A reduction loop of `n <= h = floor(vl / 2)` iterations runs as one masked vector step in
 * which every lane past `n` keeps its initial value; a sparse row of a few entries pays for
 * `vl` lanes of loads, gathers, arithmetic and horizontal reduction. The short path does that
 * one step on `h` lanes:
 *
 *     n = hi - lo                           n = hi - lo
 *     v = for (vl lanes) { .. }       ->    s = if (n <= h) { h lanes, one step, reduce; tail(s) }
 *     s = reduce(v)                             else { v = for (vl lanes) { .. }; reduce(v) }
 *
 * It computes the very value the full-width code computes, bit for bit, on every engine (it
 * is IR, so every engine runs the same operations): with `n <= h` the full-width step is
 * active in lanes `0 .. n-1` only, and each of those lanes evaluates the same expression at
 * the same iteration in both forms (lane `l` is iteration `lo + l`), starting from the same
 * initial lane (the init vector's lane 0 holds the start value `r`, the others the identity).
 * Lanes `h .. vl-1` of the full-width vector therefore hold the init vector's identity lanes,
 * and `vector.reduction` folds lanes in order, so the full-width result is the half-width
 * fold continued over those identity lanes. That continuation is the `tail`:
 * - float add (`[r, +0.0, ..]`): `s + 0.0` once. `s + 0.0` is `s` except that it turns
 *   `-0.0` into `+0.0`, and a sum ending in `+0.0` is never `-0.0`, so more `+ 0.0` steps
 *   change nothing (a NaN stays a NaN).
 * - float mul (`[r, 1.0, ..]`): `s * 1.0` once (exact for every `s`; a NaN stays a NaN).
 * - integer add/xor/mul (identity lanes) and and/or (lanes holding `r` again, already folded
 *   into lane 0): nothing, as `x + 0`, `x ^ 0`, `x * 1`, `x & r` (with `x = r & ..`) and
 *   `x | r` (with `x = r | ..`) are `x`.
 * A trip count below zero (`hi < lo`) takes the short path with no lane active: the result
 * is then the fold of the init lanes, as the full-width loop that never runs gives.
 */
import {
  Builder,
  type CombiningKind,
  i1,
  type Operation,
  type ScalarType,
  type Value,
} from '@tilekit/loop-ir';
import { vectorizeExpr } from './expr.js';
import type { LoopView } from './loop-view.js';
import { type VL, vectorType } from './options.js';
import { generated } from './outcome.js';
import { genVectorReducInit } from './reduction.js';
import type { Walk } from './walker.js';

/** The full-width loop and its horizontal reduction, as the vectorizer built them. */
export interface FullWidthReduction {
  readonly loop: Operation;
  /** The ops after the loop, ending in the `vector.reduction` that gives {@link total}. */
  readonly post: readonly Operation[];
  readonly total: Value;
}

/** The half width of `vl`, or undefined where the short path does not apply. */
export function shortPathLanes(vl: VL): number | undefined {
  if (!vl.halfWidthShortReductions || vl.enableVLAVectorization) return undefined;
  const h = Math.floor(vl.vectorLength / 2);
  return h >= 1 ? h : undefined;
}

/**
 * Wraps a vectorized reduction of `view` (combining `kind`, yielding scalar `red`, starting
 * from `init`) in the short path of `h` lanes. Returns the ops replacing the loop and the
 * post-loop reduction, and the value replacing the loop's reduced result.
 */
export function genShortReductionPath(
  view: LoopView,
  vl: VL,
  h: number,
  kind: CombiningKind,
  red: Value,
  init: Value,
  full: FullWidthReduction,
): { operations: readonly Operation[]; results: readonly Value[] } {
  const b = new Builder();
  const lo = view.lowerBound;
  const n = b.subi(view.upperBound, lo);
  const short = b.cmpi('sle', n, b.constantIndex(h));
  const element = init.type as ScalarType;
  const half: VL = { ...vl, vectorLength: h };
  const ifOp = b.ifOp(
    short,
    [element],
    (t) => {
      const vinit = genVectorReducInit(t, kind, init, vectorType(half, element));
      const vmask = t.createMask(vectorType(half, i1), [n]);
      const walk: Walk = {
        view,
        vl: half,
        gen: { b: t, vmask, iv: lo, accumulator: vinit },
        contiguous: [],
      };
      const lanes = vectorizeExpr(walk, red);
      if (!lanes.ok)
        throw new Error(`internal: the short path does not vectorize: ${lanes.detail}`);
      const s = t.reduction(kind, t.select(vmask, generated(lanes), vinit));
      return [identityTail(t, kind, s, element)];
    },
    (e) => {
      e.insert(full.loop);
      for (const op of full.post) e.insert(op);
      return [full.total];
    },
  );
  return { operations: b.operations, results: ifOp.results };
}

/** The fold of `s` over the init vector's identity lanes (see the file comment). */
function identityTail(b: Builder, kind: CombiningKind, s: Value, element: ScalarType): Value {
  if (element.kind !== 'float') return s;
  if (kind === 'add') return b.addf(s, b.constantFloat(0, element));
  if (kind === 'mul') return b.mulf(s, b.constantFloat(1, element));
  throw new Error(`internal: no float reduction <${kind}>`);
}
