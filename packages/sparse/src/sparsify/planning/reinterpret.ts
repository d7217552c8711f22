/**
 * Operands the loop nest cannot iterate in their own storage get a converted copy, as MLIR's
 * `--sparse-reinterpret-map` inserts a `sparse_tensor.convert` rather than rejecting:
 *
 * - level orders that conflict (`A(i,j) + B(i,j)` with CSR `A` and CSC `B`): the loop order
 *   follows the output and the operands in order of appearance; an operand whose level order
 *   contradicts it is converted to the same level types in the loop order;
 * - a non-unique (COO) level the loop would co-iterate with another operand (a union or
 *   intersection with another sparse level, or a dense range): converted to unique
 *   (compressed) levels, which co-iterate.
 */
import { levelAt, levelsOf, type SparseFormat } from '../../sparse-tensor/format.js';
import { SparsifyError } from '../errors.js';
import type { Expr } from './expression.js';
import type { TensorPlan } from './kernel-plan.js';
import { buildLattice, casesOf, optimizeLattice } from './lattice.js';
import type { Participation } from './lattice-point.js';
import { chooseLoopOrder } from './loop-order.js';
import { requestedNestOrder } from './requested-loop-order.js';

/** A loop order and the operands (by name) to convert, with the format to convert to. */
export interface Reinterpretation {
  readonly loopOrder: string[];
  readonly converted: ReadonlyMap<string, SparseFormat>;
}

function orderOrUndefined(vars: readonly string[], tensors: readonly TensorPlan[], source: string) {
  try {
    return chooseLoopOrder(vars, tensors, source);
  } catch (e) {
    if (e instanceof SparsifyError) return undefined;
    throw e;
  }
}

/**
 * Chooses the loop order of one loop nest over `operands` (or takes the `requested` one, which
 * converts nothing for order) and the conversions it needs; with
 * `uniqueLevels`, every operand with a level other than dense or compressed (COO, singleton) is
 * converted to compressed levels, whose positions count the coordinates each segment stores.
 */
export function reinterpretOperands(
  vars: readonly string[],
  output: TensorPlan,
  operands: readonly TensorPlan[],
  rhs: Expr,
  source: string,
  uniqueLevels = false,
  requested?: readonly string[],
): Reinterpretation {
  const converted = new Map<string, SparseFormat>();
  let loopOrder =
    requested === undefined
      ? orderOrUndefined(vars, [output, ...operands], source)
      : requestedNestOrder(requested, vars, [output, ...operands]);
  if (loopOrder === undefined) {
    // A sparse output is assembled in its level order, so it is never the one given up.
    const kept: TensorPlan[] = output.format === undefined ? [] : [output];
    for (const t of operands) {
      if (t.format === undefined) continue;
      if (orderOrUndefined(vars, [...kept, t], source) !== undefined) kept.push(t);
      else converted.set(t.name, t.format);
    }
    const order = chooseLoopOrder(vars, kept, source);
    for (const [name, format] of converted) {
      const t = operands.find((o) => o.name === name) as TensorPlan;
      const rank = (i: string) => order.indexOf(i);
      const dims = t.indices
        .map((_, d) => d)
        .sort((a, b) => rank(t.indices[a] as string) - rank(t.indices[b] as string));
      converted.set(name, { ...format, order: dims });
    }
    loopOrder = chooseLoopOrder(
      vars,
      [output, ...operands.map((t) => withFormat(t, converted.get(t.name)))],
      source,
    );
  }
  for (const t of operands) {
    const format = converted.get(t.name) ?? t.format;
    if (format === undefined) continue;
    const levels = levelsOf(format);
    const convert = uniqueLevels
      ? levels.some((l) => l.iteration !== 'range' && !(l.hasPositions && l.unique))
      : !levels.every((l) => l.unique) && coIterated(withFormat(t, format), operands, rhs);
    if (convert) {
      converted.set(t.name, {
        ...format,
        levels: levels.map((l) => (l.iteration === 'range' ? 'dense' : 'compressed')),
      });
    }
  }
  return { loopOrder, converted };
}

function withFormat(t: TensorPlan, format: SparseFormat | undefined): TensorPlan {
  if (format === undefined) return t;
  return { ...t, format, levelIndices: format.order.map((d) => t.indices[d] as string) };
}

/**
 * Whether a loop over one of `t`'s non-unique levels would visit another iterator too: the
 * emitter's lattice at that level's index, with every operand taking part as its level at
 * that index does.
 */
function coIterated(t: TensorPlan, operands: readonly TensorPlan[], rhs: Expr): boolean {
  const format = t.format as SparseFormat;
  return levelsOf(format).some((level, l) => {
    if (level.unique) return false;
    const v = t.levelIndices[l] as string;
    const participation = (name: string): Participation | undefined => {
      const o = operands.find((x) => x.name === name);
      if (o === undefined || !o.indices.includes(v)) return undefined;
      if (o.format === undefined) return 'dense';
      const level = o.levelIndices.indexOf(v);
      return levelAt(o.format, level).iteration === 'range' ? 'dense' : 'sparse';
    };
    const points = optimizeLattice(buildLattice(rhs, participation));
    return points.some((p) => {
      if (!p.sparse.has(t.name)) return false;
      const needsRange = casesOf(points, p).some((c) => c.sparse.size === 0);
      return p.sparse.size > 1 || needsRange;
    });
  });
}
