/**
 * Iteration lattices (MLIR's Merger, simplified): for one loop index, the expression is split
 * into lattice points, each a set of operands that must be present together and the
 * expression that remains when exactly those are. Each operator follows the Merger's rule
 * for which operands' zeros it preserves:
 *
 * - `*` and `/` are conjunctions (zero where the left operand is); a divisor must not be zero
 *   where its sparse operands are absent (MLIR only sparsifies `x / c` with `c` not zero);
 * - `+`, `-`, `max`, `min` are disjunctions: a point with one side absent evaluates the
 *   operator with that side zero (`-b`, `max(a, 0)`), as the Merger's `kSubF`, `kBinary`;
 * - `-x`, `sqrt`, `abs` map zero to zero (the Merger's zero-preserving unary ops);
 * - `exp` maps zero to one, so the loop also visits every coordinate where its operand is
 *   absent (a point with no sparse operand: dense iteration);
 * - a comparison is a disjunction evaluated with absent sides zero (the Merger's `kCmpF`,
 *   `kCmpI`); where all its sparse operands are absent it still has a value (`0 >= 0` holds);
 * - `select(c, a, b)` is zero where both `a` and `b` are, whatever `c`: it iterates the
 *   union of `a`'s and `b`'s points, each combined with `c`'s point at that coordinate or,
 *   where `c`'s sparse operands are absent, with `c` evaluated at zero (so `c`'s sparse
 *   operands never widen the iteration, only decide between `a` and `b`).
 *
 * Points with the same sparse operands are merged while the lattice is built (the Merger's
 * `optimizeSet`), so repeated dense operands stay linear; a lattice needing more than
 * {@link MAX_LATTICE_POINTS} points is a {@link SparsifyError}.
 */
import { checkExpr, checkPoint, checkPoints } from '../argument-checks.js';
import { SparsifyError } from '../errors.js';
import type { Expr, FunctionName } from './expression.js';
import type { LatticePoint, Participation } from './lattice-point.js';
import { accessesOf, mapExpr } from './notation.js';

/** Most points a loop's lattice may have (six sparse operands under `+` need 63). */
export const MAX_LATTICE_POINTS = 64;

const union = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): Set<T> => new Set([...a, ...b]);
const ZERO: Expr = { kind: 'const', value: 0 };

/**
 * Builds the lattice of `expr` for the current loop index; `participation(tensor)` says how
 * a tensor takes part (`undefined`: not indexed by this loop, hence invariant).
 */
export function buildLattice(
  expr: Expr,
  participation: (tensor: string) => Participation | undefined,
): LatticePoint[] {
  checkExpr(expr);
  if (typeof participation !== 'function') {
    throw new SparsifyError(
      'participation',
      'expected a function from tensor names to participation',
    );
  }
  return latticeOf(expr, participation);
}

/** {@link buildLattice} of a checked expression. */
function latticeOf(
  expr: Expr,
  participation: (tensor: string) => Participation | undefined,
): LatticePoint[] {
  return merged(buildPoints(expr, participation));
}

function buildPoints(
  expr: Expr,
  participation: (tensor: string) => Participation | undefined,
): LatticePoint[] {
  const build = (e: Expr) => latticeOf(e, participation);
  switch (expr.kind) {
    case 'const':
    case 'index':
      return [{ sparse: new Set(), dense: new Set(), expr }];
    case 'access': {
      const p = participation(expr.tensor);
      const self = new Set([expr.tensor]);
      return [
        {
          sparse: p === 'sparse' ? self : new Set(),
          dense: p === 'dense' ? self : new Set(),
          expr,
        },
      ];
    }
    case 'neg':
      return build(expr.operand).map((q) => ({ ...q, expr: { kind: 'neg', operand: q.expr } }));
    case 'compare': {
      const op = expr.op;
      const make = (lhs: Expr, rhs: Expr): Expr => ({ kind: 'compare', op, lhs, rhs });
      return disjunction(build(expr.lhs), build(expr.rhs), make, {
        leftOnly: (l) => make(l, ZERO),
        rightOnly: (r) => make(ZERO, r),
      });
    }
    case 'call': {
      const fn = expr.fn;
      const call = (...args: Expr[]): Expr => ({ kind: 'call', fn, args });
      if (fn === 'select') return selection(expr.args, participation);
      if (expr.args.length === 2) {
        return disjunction(build(expr.args[0] as Expr), build(expr.args[1] as Expr), call, {
          leftOnly: (l) => call(l, ZERO),
          rightOnly: (r) => call(ZERO, r),
        });
      }
      const inner = build(expr.args[0] as Expr);
      const mapped = inner.map((q) => ({ ...q, expr: call(q.expr) }));
      if (ZERO_PRESERVING.has(fn)) return mapped;
      const none = inner.find((q) => q.sparse.size === 0);
      return [
        ...mapped,
        { sparse: new Set(), dense: none?.dense ?? new Set(), expr: call(none?.expr ?? ZERO) },
      ];
    }
    case 'binary': {
      const op = expr.op;
      const make = (lhs: Expr, rhs: Expr): Expr => ({ kind: 'binary', op, lhs, rhs });
      const left = build(expr.lhs);
      const right = build(expr.rhs);
      if (op === '*') return conjunction(left, right, make);
      if (op === '/') {
        if (!right.some((q) => q.sparse.size === 0)) {
          throw new SparsifyError(
            'expression',
            'a divisor is zero wherever its sparse operands are absent, so the division would visit every coordinate; divide by a dense operand or a constant (MLIR sparsifies x / c only)',
          );
        }
        return conjunction(left, right, make);
      }
      return disjunction(left, right, make, {
        leftOnly: (l) => l,
        rightOnly: (r) => (op === '-' ? { kind: 'neg', operand: r } : r),
      });
    }
    case 'sum':
      throw new SparsifyError('expression', 'a nested sum reached the lattice unlowered');
  }
}

/** A child's choice in {@link selection}: one of its points, or its value where it is absent. */
interface Choice {
  readonly point: LatticePoint;
  readonly absent: boolean;
}

/** The points of `select(condition, whenTrue, whenFalse)` (see the module comment). */
function selection(
  args: readonly Expr[],
  participation: (tensor: string) => Participation | undefined,
): LatticePoint[] {
  const [condition, whenTrue, whenFalse] = args as [Expr, Expr, Expr];
  /** `e`'s own points, then `e` with its sparse operands absent (zero) unless a point covers that. */
  const choices = (e: Expr): Choice[] => {
    // A literal zero branch is the same as an absent one (`select(a > 0, a, 0)` stays sparse).
    const points = latticeOf(e, participation).filter(
      (q) => q.expr.kind !== 'const' || q.expr.value !== 0,
    );
    if (points.some((q) => q.sparse.size === 0))
      return points.map((point) => ({ point, absent: false }));
    const atZero = mapExpr(e, (n) =>
      n.kind === 'access' && participation(n.tensor) === 'sparse' ? ZERO : n,
    );
    const dense = new Set(
      accessesOf(atZero)
        .filter((a) => participation(a.tensor) === 'dense')
        .map((a) => a.tensor),
    );
    return [
      ...points.map((point) => ({ point, absent: false })),
      { point: { sparse: new Set<string>(), dense, expr: atZero }, absent: true },
    ];
  };
  const combined: { point: LatticePoint; covered: number; absent: number }[] = [];
  const [c, t, f] = [choices(condition), choices(whenTrue), choices(whenFalse)];
  for (const pc of c)
    for (const pt of t)
      for (const pf of f) {
        // Both branches absent: the select is zero there, so the loop need not visit it.
        if (pt.absent && pf.absent) continue;
        const parts = [pc, pt, pf];
        combined.push({
          point: {
            sparse: parts.reduce((s, q) => union(s, q.point.sparse), new Set<string>()),
            dense: parts.reduce((s, q) => union(s, q.point.dense), new Set<string>()),
            expr: { kind: 'call', fn: 'select', args: parts.map((q) => q.point.expr) },
          },
          covered: parts.reduce((n, q) => n + q.point.sparse.size, 0),
          absent: parts.filter((q) => q.absent).length,
        });
      }
  // Per sparse set, the combination whose children see the most of their present operands
  // comes first, so that merging keeps it (as conjunction points come before disjunction ones).
  combined.sort((x, y) => y.covered - x.covered || x.absent - y.absent);
  return combined.map((x) => x.point);
}

/** Unary functions with f(0) = 0 (the Merger's zero-preserving unary kinds). */
const ZERO_PRESERVING: ReadonlySet<FunctionName> = new Set(['sqrt', 'abs']);

function conjunction(
  left: readonly LatticePoint[],
  right: readonly LatticePoint[],
  make: (l: Expr, r: Expr) => Expr,
): LatticePoint[] {
  return left.flatMap((l) =>
    right.map((r) => ({
      sparse: union(l.sparse, r.sparse),
      dense: union(l.dense, r.dense),
      expr: make(l.expr, r.expr),
    })),
  );
}

function disjunction(
  left: readonly LatticePoint[],
  right: readonly LatticePoint[],
  make: (l: Expr, r: Expr) => Expr,
  alone: { leftOnly: (l: Expr) => Expr; rightOnly: (r: Expr) => Expr },
): LatticePoint[] {
  return [
    ...conjunction(left, right, make),
    ...left.map((l) => ({ ...l, expr: alone.leftOnly(l.expr) })),
    ...right.map((r) => ({ ...r, expr: alone.rightOnly(r.expr) })),
  ];
}

/**
 * Keeps the first point of each sparse set: conjunction points come first, and a later point
 * with the same sparse operands only lacks dense terms that are always present.
 */
function merged(points: readonly LatticePoint[]): LatticePoint[] {
  const kept: LatticePoint[] = [];
  for (const p of points) {
    if (!kept.some((k) => sameSet(k.sparse, p.sparse))) kept.push(p);
  }
  if (kept.length > MAX_LATTICE_POINTS) {
    throw new SparsifyError(
      'expression',
      `its iteration lattice needs ${kept.length} points at one loop, more than ${MAX_LATTICE_POINTS} (too many sparse operands combined by +, -, max or min); split the kernel`,
    );
  }
  return kept;
}

/**
 * Orders points from the most to the fewest sparse operands (a loop over a point must come
 * before the loops over its sub-points) and drops points whose sparse set repeats an earlier
 * one: an earlier point with the same sparse operands already covers every coordinate they
 * could match (MLIR's `optimizeSet` drops the same "only dense differences" points). A point
 * whose expression is a constant zero (`max(0, 0)` where both operands of a `max` are absent)
 * is dropped too: it would store zeros at coordinates no operand stores, so `+`, `-`, `max`
 * and `min` visit exactly the union of their operands' entries whatever the formats.
 */
export function optimizeLattice(points: readonly LatticePoint[]): LatticePoint[] {
  checkPoints(points);
  const sorted = [...points]
    .filter((p) => constantValue(p.expr) !== 0)
    .sort((a, b) => b.sparse.size - a.sparse.size);
  const kept: LatticePoint[] = [];
  for (const p of sorted) {
    if (!kept.some((k) => sameSet(k.sparse, p.sparse))) kept.push(p);
  }
  return kept;
}

/**
 * The value of an expression made of constants only (`undefined` when it reads a tensor or an
 * index); only a result of exactly zero matters to the caller, and NaN (`0 / 0`) is not zero.
 */
function constantValue(e: Expr): number | undefined {
  switch (e.kind) {
    case 'const':
      return e.value;
    case 'neg': {
      const v = constantValue(e.operand);
      return v === undefined ? undefined : -v;
    }
    case 'binary': {
      const l = constantValue(e.lhs);
      const r = constantValue(e.rhs);
      if (l === undefined || r === undefined) return undefined;
      return e.op === '+' ? l + r : e.op === '-' ? l - r : e.op === '*' ? l * r : l / r;
    }
    case 'call': {
      const args = e.args.map(constantValue);
      if (args.some((a) => a === undefined) || e.fn === 'select') return undefined;
      const [a, b] = args as number[];
      switch (e.fn) {
        case 'max':
          return Math.max(a as number, b as number);
        case 'min':
          return Math.min(a as number, b as number);
        case 'abs':
          return Math.abs(a as number);
        case 'sqrt':
          return Math.sqrt(a as number);
        case 'exp':
          return Math.exp(a as number);
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The points evaluated inside the loop of `point`: those whose sparse set it contains. */
export function casesOf(points: readonly LatticePoint[], point: LatticePoint): LatticePoint[] {
  checkPoints(points);
  checkPoint(point);
  return points.filter((q) => [...q.sparse].every((t) => point.sparse.has(t)));
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
