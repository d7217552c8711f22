/**
 * Iteration lattices (MLIR's Merger, simplified): for one loop index, the expression is split
 * into lattice points, each a set of operands that must be present together and the
 * expression that remains when exactly those are. A product needs all operands (a
 * conjunction), a sum any of them (a disjunction).
 */
import type { Expr } from './notation.js';

/** How an operand takes part in the current loop: iterated (sparse) or located (dense). */
export type Participation = 'sparse' | 'dense';

/** One lattice point. */
export interface LatticePoint {
  /** Tensors whose sparse level must hold an entry at the current coordinate. */
  readonly sparse: ReadonlySet<string>;
  /** Tensors accessed at the current index by random access (always present). */
  readonly dense: ReadonlySet<string>;
  /** The expression to evaluate when exactly the `sparse` operands are present. */
  readonly expr: Expr;
}

const union = <T>(a: ReadonlySet<T>, b: ReadonlySet<T>): Set<T> => new Set([...a, ...b]);

/**
 * Builds the lattice of `expr` for the current loop index; `participation(tensor)` says how
 * a tensor takes part (`undefined`: not indexed by this loop, hence invariant).
 */
export function buildLattice(
  expr: Expr,
  participation: (tensor: string) => Participation | undefined,
): LatticePoint[] {
  switch (expr.kind) {
    case 'const':
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
      return buildLattice(expr.operand, participation).map((q) => ({
        ...q,
        expr: { kind: 'neg', operand: q.expr },
      }));
    case 'binary': {
      const left = buildLattice(expr.lhs, participation);
      const right = buildLattice(expr.rhs, participation);
      const both = left.flatMap((l) =>
        right.map((r) => ({
          sparse: union(l.sparse, r.sparse),
          dense: union(l.dense, r.dense),
          expr: { kind: 'binary', op: expr.op, lhs: l.expr, rhs: r.expr } as Expr,
        })),
      );
      if (expr.op === '*') return both;
      const rightOnly =
        expr.op === '-'
          ? right.map((r) => ({ ...r, expr: { kind: 'neg', operand: r.expr } as Expr }))
          : right;
      return [...both, ...left, ...rightOnly];
    }
  }
}

/**
 * Orders points from the most to the fewest sparse operands (a loop over a point must come
 * before the loops over its sub-points) and drops points whose sparse set repeats an earlier
 * one: an earlier point with the same sparse operands already covers every coordinate they
 * could match (MLIR's `optimizeSet` drops the same "only dense differences" points).
 */
export function optimizeLattice(points: readonly LatticePoint[]): LatticePoint[] {
  const sorted = [...points].sort((a, b) => b.sparse.size - a.sparse.size);
  const kept: LatticePoint[] = [];
  for (const p of sorted) {
    if (!kept.some((k) => sameSet(k.sparse, p.sparse))) kept.push(p);
  }
  return kept;
}

/** The points evaluated inside the loop of `point`: those whose sparse set it contains. */
export function casesOf(points: readonly LatticePoint[], point: LatticePoint): LatticePoint[] {
  return points.filter((q) => [...q.sparse].every((t) => point.sparse.has(t)));
}

function sameSet<T>(a: ReadonlySet<T>, b: ReadonlySet<T>): boolean {
  return a.size === b.size && [...a].every((x) => b.has(x));
}
