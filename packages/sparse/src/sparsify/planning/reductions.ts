/**
 * Where reductions happen (TACO's semantics): an index absent from the output is summed over
 * the smallest subexpression holding every use of it — `r(i) = b(i) - A(i,k)*x(k)` is
 * `b - Ax`, `a(i) = 2*(B(i,k)*c(k)) + 3` is `2Bc + 3` — and `sum(k, e)` sums explicitly.
 * Several indices placed at one subexpression nest in order of first use. A comparison is not
 * a number, so a sum is never placed around one: it goes to the `select` whose condition it is.
 *
 * Lowering (TACO's `where`): a sum reached from the root through products and negations
 * only is hoisted to the whole expression (`s * sum(k, e)` is `sum(k, s * e)`), so
 * it becomes a reduction of the main loop nest; any other sum is a temporary — a dense tensor
 * over the sum's free indices, computed by its own loop nest before its consumer.
 * `*=` kernels keep MLIR's meaning: the output is multiplied by the right-hand side at every
 * index tuple, so only explicit sums are placed.
 *
 * `min`/`max` reductions (reduction nodes with a `reducer`) hoist only into a directly enclosing
 * reduction of the same reducer (`min_j min_k e` is `min_{j,k} e`; a product or negation does not
 * commute with them), and into the main loop nest only of a `=` kernel (which starts from their
 * identity); anywhere else they are temporaries like nested sums. Each stage has one reducer.
 */

import { SparsifyError } from '../errors.js';
import { accessUsesOf, accessVariables } from './affine-subscript.js';
import {
  type AccessExpr,
  type Expr,
  type Notation,
  type Reducer,
  reducerOf,
} from './expression.js';
import { childrenOf, withChildren } from './notation.js';

/** A temporary: `name(indices) = sum over reduced of rhs`, computed before its consumers. */
export interface TemporaryStage {
  readonly name: string;
  readonly indices: readonly string[];
  readonly rhs: Expr;
  readonly reduced: readonly string[];
  /** How `reduced` combines. */
  readonly reducer: Reducer;
}

/** A kernel split into temporaries (producers first) and the main expression. */
export interface ReductionStages {
  readonly temporaries: readonly TemporaryStage[];
  /** The main expression, its nested sums replaced by temporary accesses. */
  readonly rhs: Expr;
  /** Indices reduced over the whole main expression. */
  readonly reduced: readonly string[];
  /** How `reduced` combines. */
  readonly reducer: Reducer;
}

/** The prefix of temporary names; `#` cannot occur in a tensor name of the notation. */
export const TEMPORARY_PREFIX = 'sum#';

/** Index variables free in `e` (used, not bound by a sum inside it), in order of first use. */
export function freeIndicesOf(e: Expr): string[] {
  const found: string[] = [];
  const add = (i: string) => {
    if (!found.includes(i)) found.push(i);
  };
  const visit = (n: Expr, bound: ReadonlySet<string>): void => {
    if (n.kind === 'access') for (const i of accessVariables(n)) if (!bound.has(i)) add(i);
    if (n.kind === 'index' && !bound.has(n.index)) add(n.index);
    const inner = n.kind === 'sum' ? new Set([...bound, n.index]) : bound;
    for (const c of childrenOf(n)) visit(c, inner);
  };
  visit(e, new Set());
  return found;
}

function usesOf(e: Expr, index: string): number {
  if (e.kind === 'access') return accessUsesOf(e, index);
  if (e.kind === 'index') return e.index === index ? 1 : 0;
  if (e.kind === 'sum' && e.index === index) return 0;
  return childrenOf(e).reduce((n, c) => n + usesOf(c, index), 0);
}

/** Checks explicit sums: scoped, not over an output index, not nested over the same index. */
function checkSums(notation: Notation): void {
  const outside = new Set(freeIndicesOf(notation.rhs));
  const visit = (e: Expr, bound: ReadonlySet<string>): void => {
    if (e.kind === 'sum') {
      const problem = notation.output.indices.includes(e.index)
        ? 'is an output index'
        : bound.has(e.index)
          ? 'is already summed by an enclosing sum'
          : outside.has(e.index)
            ? 'is also used outside the sum'
            : !accessUses(e.body, e.index)
              ? 'is not an index of any tensor in the sum, so its extent is unknown'
              : undefined;
      if (problem !== undefined) {
        const written =
          e.reducer === undefined ? `sum(${e.index}, …)` : `${e.reducer}[${e.index}](…)`;
        throw new SparsifyError('expression', `the index ${e.index} of ${written} ${problem}`);
      }
      visit(e.body, new Set([...bound, e.index]));
      return;
    }
    for (const c of childrenOf(e)) visit(c, bound);
  };
  visit(notation.rhs, new Set());
}

function accessUses(e: Expr, index: string): boolean {
  if (e.kind === 'access') return accessVariables(e).includes(index);
  if (e.kind === 'sum' && e.index === index) return false;
  return childrenOf(e).some((c) => accessUses(c, index));
}

const sumsAround = (indices: readonly string[], body: Expr): Expr =>
  indices.reduceRight<Expr>((inner, index) => ({ kind: 'sum', index, body: inner }), body);

/** Wraps each index of `reduced` (every use of it inside `e`) around its smallest subtree. */
function place(e: Expr, reduced: readonly string[]): Expr {
  const children = childrenOf(e);
  if (children.length === 0) return sumsAround(reduced, e);
  const total = new Map(reduced.map((i) => [i, usesOf(e, i)]));
  const holdsAll = (c: Expr, i: string): boolean => usesOf(c, i) === total.get(i);
  const inside = children.map((c) =>
    reduced.filter(
      (i) => holdsAll(c, i) && (c.kind !== 'compare' || childrenOf(c).some((g) => holdsAll(g, i))),
    ),
  );
  const here = reduced.filter((i) => !inside.some((list) => list.includes(i)));
  return sumsAround(
    here,
    withChildren(
      e,
      children.map((c, k) => place(c, inside[k] ?? [])),
    ),
  );
}

/** Places the kernel's reductions and lowers nested sums to temporaries. */
export function planReductions(notation: Notation): ReductionStages {
  checkSums(notation);
  const out = new Set(notation.output.indices);
  const implicit = freeIndicesOf(notation.rhs).filter((i) => !out.has(i));
  const temporaries: TemporaryStage[] = [];

  /** Splits `e` into reductions that may be hoisted over it and the body left below them. */
  const hoist = (e: Expr): Hoisted => {
    switch (e.kind) {
      case 'sum': {
        const reducer = reducerOf(e);
        const inner = same(hoist(e.body), reducer);
        return { body: inner.body, sums: [e.index, ...inner.sums], reducer };
      }
      case 'neg': {
        const inner = same(hoist(e.operand), 'sum');
        return { body: { kind: 'neg', operand: inner.body }, sums: inner.sums, reducer: 'sum' };
      }
      case 'binary':
        if (e.op === '*') {
          const l = same(hoist(e.lhs), 'sum');
          const right = same(hoist(e.rhs), 'sum');
          // Sums over the same index on both sides multiply two sums: the right one stays put.
          const r = !right.sums.some((i) => l.sums.includes(i))
            ? right
            : { body: temporary(right.body, right.sums, 'sum'), sums: [] };
          return {
            body: { kind: 'binary', op: e.op, lhs: l.body, rhs: r.body },
            sums: [...l.sums, ...r.sums],
            reducer: 'sum',
          };
        }
        return { body: withChildren(e, childrenOf(e).map(operand)), sums: [], reducer: 'sum' };
      default:
        return { body: withChildren(e, childrenOf(e).map(operand)), sums: [], reducer: 'sum' };
    }
  };
  /** `h` where its reductions combine as `reducer`; otherwise they become a temporary. */
  const same = (h: Hoisted, reducer: Reducer): Hoisted =>
    h.sums.length === 0 || h.reducer === reducer
      ? h
      : { body: temporary(h.body, h.sums, h.reducer), sums: [], reducer };
  /** The temporary `reduction over sums of body`, read back as an access over its free indices. */
  const temporary = (body: Expr, sums: readonly string[], reducer: Reducer): Expr => {
    const indices = freeIndicesOf(body).filter((i) => !sums.includes(i));
    const name = `${TEMPORARY_PREFIX}${temporaries.length}`;
    temporaries.push({ name, indices, rhs: body, reduced: sums, reducer });
    const access: AccessExpr = { kind: 'access', tensor: name, indices };
    return access;
  };
  /** An operand of a non-hoisting operator: its reductions become a temporary. */
  const operand = (e: Expr): Expr => {
    const { body, sums, reducer } = hoist(e);
    return sums.length === 0 ? body : temporary(body, sums, reducer);
  };
  if (notation.op === '*=') {
    // The implicit reduction multiplies (see the module comment), so no sum is hoisted into it:
    // each explicit sum is a temporary, and the sparse operands stay in the main loop nest.
    const lower = (e: Expr): Expr =>
      e.kind === 'sum' ? operand(e) : withChildren(e, childrenOf(e).map(lower));
    return { temporaries, rhs: lower(notation.rhs), reduced: implicit, reducer: 'sum' };
  }
  // Only `=` starts the output from a reduction's identity; `+=` adds to it, so a min/max there
  // is computed first.
  const hoisted = hoist(place(notation.rhs, implicit));
  const main = notation.op === '=' ? hoisted : same(hoisted, 'sum');
  return { temporaries, rhs: main.body, reduced: main.sums, reducer: main.reducer };
}

/** An expression split into the reductions hoisted over it and the body below them. */
interface Hoisted {
  readonly body: Expr;
  readonly sums: readonly string[];
  /** How `sums` combine (`sum` when there are none). */
  readonly reducer: Reducer;
}
