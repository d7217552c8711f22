/**
 * An update of the output written out: `X(i,j) = X(i,j) * 2.0` (MLIR's `sparse_scale.mlir`)
 * reads the output at its own subscripts, and means `X(i,j) *= 2.0`; `X(i,j) = X(i,j) + e`
 * means `X(i,j) += e`. The two forms agree only where the rest of the expression, `e`, is the
 * same per element either way, so `e` must reduce over no index (every index of `e` is an
 * output index) and, for `*`, read no sparse operand: `*=` skips the implicit zeros of `e`,
 * where `X * e` would be zero.
 */
import { type FormatSpec, levelsOf, resolveFormat } from '../../sparse-tensor/format.js';
import { SparsifyError } from '../errors.js';
import type { AccessExpr, AssignOp, Expr, Notation } from './expression.js';
import { accessesOf, nodesOf } from './notation.js';
import { freeIndicesOf } from './reductions.js';

/** Update operators and the assignment each one spells. */
const UPDATES: ReadonlyMap<string, AssignOp> = new Map([
  ['*', '*='],
  ['+', '+='],
]);

/**
 * `notation` with a `=` whose right-hand side is `out op e` or `e op out` (`out` the output
 * access itself, `op` `*` or `+`) rewritten as `out op= e`; any other notation as it is. A
 * form that would mean something else than the update is a {@link SparsifyError} naming both.
 */
export function asInPlaceUpdate(
  notation: Notation,
  formats: Readonly<Record<string, FormatSpec>>,
): Notation {
  const { output, rhs } = notation;
  if (notation.op !== '=' || rhs.kind !== 'binary') return notation;
  const update = UPDATES.get(rhs.op);
  if (update === undefined) return notation;
  const isOutput = (e: Expr): boolean =>
    e.kind === 'access' &&
    e.tensor === output.tensor &&
    e.subscripts === undefined &&
    e.indices.length === output.indices.length &&
    e.indices.every((i, d) => i === output.indices[d]);
  const rest = isOutput(rhs.lhs) ? rhs.rhs : isOutput(rhs.rhs) ? rhs.lhs : undefined;
  if (rest === undefined || accessesOf(rest).some((a) => a.tensor === output.tensor)) {
    return notation;
  }
  const out = `${output.tensor}(${output.indices.join(',')})`;
  const reduced = freeIndicesOf(rest).filter((i) => !output.indices.includes(i));
  const summed = nodesOf(rest).some((n) => n.kind === 'sum');
  if (reduced.length > 0 || summed) {
    throw new SparsifyError(
      'expression',
      `${out} = ${out} ${rhs.op} … reads the output in place only when the rest reduces over no index; write ${out} ${update} … (which folds every term into the output) or compute a new tensor`,
    );
  }
  const sparse = accessesOf(rest).find((a) => isSparse(a, formats));
  if (update === '*=' && sparse !== undefined) {
    throw new SparsifyError(
      'expression',
      `${out} = ${out} * … would be zero where ${sparse.tensor} is absent, but ${out} *= … leaves those elements as they are; write ${out} *= … for the update or compute a new tensor for the product`,
    );
  }
  return { ...notation, op: update, rhs: rest };
}

function isSparse(a: AccessExpr, formats: Readonly<Record<string, FormatSpec>>): boolean {
  const spec = Object.hasOwn(formats, a.tensor) ? formats[a.tensor] : undefined;
  if (spec === undefined || a.indices.length === 0) return false;
  return levelsOf(resolveFormat(spec, a.indices.length)).some((l) => l.iteration !== 'range');
}
