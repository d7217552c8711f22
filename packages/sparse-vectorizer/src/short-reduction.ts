/**
 * The short path of a vectorized reduction (option `halfWidthShortReductions`), for reduction
 * loops that another loop runs repeatedly (vectorize.ts: a reduction run once per call would
 * gain at most one partial step and carry both paths' code). The full-width code runs a
 * reduction loop of `n <= vl` iterations, a sparse row of a few entries, as one masked vector
 * step, which pays for `vl` lanes of loads, gathers, arithmetic, a select and a horizontal
 * reduction. On targets without native masked loads and gathers (wasm SIMD builds them lane
 * by lane) that step does every load the scalar loop does and more, so such a loop runs as
 * the scalar loop itself:
 *
 *     n = hi - lo
 *     v = for (vl lanes) { .. }       ->    s = if (n <= vl) { s = the scalar loop; tail(s) }
 *     s = reduce(v)                             else { v = for (vl lanes) { .. }; reduce(v) }
 *
 * On the wasm engine (vl 8, f64) a CSR SpMV of 20000 rows with 2 entries per row on average
 * took 0.82x the time of the short path before it (one half-width step for rows of at most
 * vl / 2 entries, whence the option's name, and the scalar loop for at most vl / 4), rows of
 * about 100 entries and a power-law graph's rows the same time.
 *
 * It computes the value the full-width code computes, on every engine (it is IR, so every
 * engine runs the same operations), bit for bit except for the sign and payload of a NaN
 * result: IEEE 754 specifies neither for arithmetic, and the two paths combine the terms in
 * different ops (`acc - t` against `acc + (0.0 - t)`; where two NaNs meet, an engine's JIT may
 * order an addition's operands either way). With `n <= vl` the full-width loop runs
 * one step, active in lanes `0 .. n-1`: lane `l` holds `e ⊕ t_l` (`e` the init vector's lane,
 * `t_l` iteration `lo + l`'s term), except lane 0, which holds `r ⊕ t_0` (`r` the start value),
 * and lanes `n .. vl-1` keep the init vector's lanes. `vector.reduction` folds lanes in order:
 * `(..((r ⊕ t_0) ⊕ (e ⊕ t_1)) ..)`, then the untouched lanes, against the scalar loop's
 * `(..((r ⊕ t_0) ⊕ t_1) ..)`, term for term in the same order.
 * - For integers and float `mul` (`1.0 * t` is `t`) the terms are equal. For integer and/or the
 *   init lanes hold `r` again, already folded into lane 0 (`x & r` with `x = r & ..` is `x`).
 * - For float add and sub the lane term `0.0 ± t` differs from `± t` only in the sign of a
 *   zero, and a sum's sign of zero differs only while the sum is zero: adding anything nonzero
 *   (or a NaN) gives the same result from `+0.0` and `-0.0`.
 * The untouched lanes are the `tail`, which the scalar path applies once:
 * - float add (`[r, +0.0, ..]`): `s + 0.0`. It is `s` except that it turns `-0.0` into `+0.0`,
 *   and a sum ending in `+0.0` is never `-0.0`, so more `+ 0.0` steps change nothing (a NaN
 *   stays a NaN). A loop of `n = vl >= 2` iterations leaves no lane untouched, but its last
 *   lane term `0.0 ± t` is never `-0.0`, so its sum is never `-0.0` either, as after the tail.
 * - float mul (`[r, 1.0, ..]`): `s * 1.0` (exact for every `s`; a NaN stays a NaN).
 * - integer add/xor/mul (identity lanes) and and/or (lanes holding `r`): nothing.
 * A trip count below zero (`hi < lo`) takes the short path, where the scalar loop does not run:
 * `r` and its tail, the fold of the init lanes that the full-width loop which never runs gives.
 * The scalar loop is the original one, copied without the sparsifier's marker (so that no later
 * rewrite vectorizes it again).
 */
import {
  Builder,
  type CombiningKind,
  cloneOperation,
  type Operation,
  type ScalarType,
  type Value,
  withResults,
} from '@tilekit/loop-ir';
import { LOOP_MARKER, type LoopView } from './loop-view.js';
import type { VL } from './options.js';

/** The full-width loop and its horizontal reduction, as the vectorizer built them. */
export interface FullWidthReduction {
  readonly loop: Operation;
  /** The ops after the loop, ending in the `vector.reduction` that gives {@link total}. */
  readonly post: readonly Operation[];
  readonly total: Value;
}

/**
 * Whether repeated reductions under `vl` take the short path: asked for, with fixed-length
 * vectors (a scalable vector's lane count is not known to the IR) of at least two lanes (a
 * one-lane step is the scalar loop's work already).
 */
export function takesShortPath(vl: VL): boolean {
  return vl.halfWidthShortReductions === true && !vl.enableVLAVectorization && vl.vectorLength >= 2;
}

/**
 * Wraps a vectorized reduction of `view` (combining `kind`, starting from `init`) in the short
 * path: the scalar loop for at most `vl` iterations. Returns the ops replacing the loop and
 * the post-loop reduction, and the value replacing the loop's reduced result.
 */
export function genShortReductionPath(
  view: LoopView,
  vl: VL,
  kind: CombiningKind,
  init: Value,
  full: FullWidthReduction,
): { operations: readonly Operation[]; results: readonly Value[] } {
  const b = new Builder();
  const n = b.subi(view.upperBound, view.lowerBound);
  const short = b.cmpi('sle', n, b.constantIndex(vl.vectorLength));
  const element = init.type as ScalarType;
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
  const ifOp = b.ifOp(short, [element], scalarLoop, (e) => {
    e.insert(full.loop);
    for (const op of full.post) e.insert(op);
    return [full.total];
  });
  return { operations: b.operations, results: ifOp.results };
}

/** The fold of `s` over the init vector's untouched lanes (see the file comment). */
function identityTail(b: Builder, kind: CombiningKind, s: Value, element: ScalarType): Value {
  if (element.kind !== 'float') return s;
  if (kind === 'add') return b.addf(s, b.constantFloat(0, element));
  if (kind === 'mul') return b.mulf(s, b.constantFloat(1, element));
  throw new Error(`internal: no float reduction <${kind}>`);
}
