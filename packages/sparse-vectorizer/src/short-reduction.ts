/**
 * The short paths of a vectorized reduction (option `halfWidthShortReductions`), for reduction
 * loops that another loop runs repeatedly (vectorize.ts: a reduction run once per call would
 * gain at most one partial step and carry both paths' code). A reduction
 * loop of `n <= h = floor(vl / 2)` iterations runs as one masked vector step in which every
 * lane past `n` keeps its initial value; a sparse row of a few entries pays for `vl` lanes of
 * loads, gathers, arithmetic and horizontal reduction. The short path does that one step on
 * `h` lanes, and a loop of `n <= q = floor(vl / 4)` iterations runs as the scalar loop itself
 * (where `q >= 1`): on targets without native masked loads and gathers (wasm SIMD builds them
 * lane by lane) even a half-width step costs more than one or two scalar iterations, and rows
 * of one or two entries are most rows of a very sparse matrix (a CSR SpMV at 2 entries per row
 * took 0.75x the time of the half-width code alone on the wasm engine, 1 per row 0.6x):
 *
 *     n = hi - lo                           n = hi - lo
 *     v = for (vl lanes) { .. }       ->    s = if (n <= h) {
 *     s = reduce(v)                               if (n <= q) { s = the scalar loop; tail(s) }
 *                                                 else { h lanes, one step, reduce; tail(s) } }
 *                                             else { v = for (vl lanes) { .. }; reduce(v) }
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
 *
 * The scalar path computes the same value too. The vector step's lane `l >= 1` holds
 * `identity ⊕ t_l` and the fold adds it to the running value: `(..((r ⊕ t_0) ⊕ (e ⊕ t_1)) ..)`
 * against the scalar loop's `(..((r ⊕ t_0) ⊕ t_1) ..)`, term for term in the same order. For
 * integers and float `mul` (`1.0 * t` is `t`) the terms are equal. For float add and sub the
 * lane term `0.0 ± t` differs from `± t` only in the sign of a zero, and a sum's sign of zero
 * differs only while the sum is zero: adding anything nonzero (or a NaN) gives the same result
 * from `+0.0` and `-0.0`, and the tail's `+ 0.0` turns a final `-0.0` into `+0.0` on both
 * paths. The scalar loop is the original one, copied without the sparsifier's marker (so that
 * no later rewrite vectorizes it again).
 */
import {
  Builder,
  type CombiningKind,
  cloneOperation,
  i1,
  type Operation,
  type ScalarType,
  type Value,
  withResults,
} from '@tilekit/loop-ir';
import { vectorizeExpr } from './expr.js';
import { LOOP_MARKER, type LoopView } from './loop-view.js';
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
  const q = Math.floor(h / 2);
  const halfWidthStep = (t: Builder): Value[] => {
    const vinit = genVectorReducInit(t, kind, init, vectorType(half, element));
    const vmask = t.createMask(vectorType(half, i1), [n]);
    const walk: Walk = {
      view,
      vl: half,
      gen: { b: t, vmask, iv: lo, accumulator: vinit },
      contiguous: [],
    };
    const lanes = vectorizeExpr(walk, red);
    if (!lanes.ok) throw new Error(`internal: the short path does not vectorize: ${lanes.detail}`);
    const s = t.reduction(kind, t.select(vmask, generated(lanes), vinit));
    return [identityTail(t, kind, s, element)];
  };
  const scalarLoop = (t: Builder): Value[] => {
    const copy = cloneOperation(view.loop);
    const { [LOOP_MARKER]: _marker, ...attributes } = copy.attributes;
    const loop = withResults(
      { name: copy.name, operands: copy.operands, attributes, regions: copy.regions },
      copy.results,
    );
    t.insert(loop);
    return [identityTail(t, kind, loop.results[0] as Value, element)];
  };
  const ifOp = b.ifOp(
    short,
    [element],
    (t) =>
      q < 1
        ? halfWidthStep(t)
        : t.ifOp(t.cmpi('sle', n, t.constantIndex(q)), [element], scalarLoop, halfWidthStep)
            .results,
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
