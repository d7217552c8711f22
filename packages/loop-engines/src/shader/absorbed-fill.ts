/**
 * A rewrite with guards, in the manner of an MLIR pattern: a constant fill of a 2-D output
 * followed by a column-grid pass that holds each output element in a register is one pass. The
 * fill `for a in [0, A) { for b in [0, B) { store %c, out[a, b] } }` writes every element once;
 * the grid's invocations cover the same `[0, A) x [0, B)` (its outer loop and its column loop
 * from 0 by 1 to the same bounds), each reads its element once before its iterations and
 * writes it once after. So the grid's element may start from `%c` instead of its load, and the
 * fill need not run: on a GPU a pass is a host round of its own, and SpMM's fill cost as much
 * host time as its rows.
 */
import type { Block, Operation, Value } from '@tilekit/loop-ir';
import { operand, operands } from '@tilekit/loop-ir';
import type { PassPlan } from './pass-schedule.js';

/** The single block of a region-holding op. */
function bodyOf(op: Operation): Block {
  return op.regions[0]?.blocks[0] as Block;
}

/** Whether `v` is an `arith.constant` of the integer `n`, by its defining op in `entry`. */
function isIntegerConstant(v: Value, n: bigint, entry: Block): boolean {
  const def = entry.operations.find((op) => op.results[0] === v);
  const value = def?.attributes.value;
  return def?.name === 'arith.constant' && value?.kind === 'integer' && value.value === n;
}

/** The upper bound of scf.for `loop` when it runs from 0 by 1, else undefined. */
function zeroToBound(loop: Operation, entry: Block): Value | undefined {
  return loop.name === 'scf.for' &&
    isIntegerConstant(operand(loop, 'lowerBound'), 0n, entry) &&
    isIntegerConstant(operand(loop, 'step'), 1n, entry)
    ? operand(loop, 'upperBound')
    : undefined;
}

/** The ops of `loop`'s body other than its terminator. */
function bodyOps(loop: Operation): readonly Operation[] {
  return bodyOf(loop).operations.filter((op) => op.name !== 'scf.yield');
}

/**
 * What top-level loop `fill` stores, and over which bounds, when it is a constant fill of the
 * whole 2-D memref `output` (see the file comment).
 */
function constantFill(fill: Operation, output: Value, entry: Block) {
  const outer = zeroToBound(fill, entry);
  const [inner] = bodyOps(fill);
  if (outer === undefined || inner === undefined || bodyOps(fill).length !== 1) return undefined;
  const columns = zeroToBound(inner, entry);
  const [store] = bodyOps(inner);
  if (columns === undefined || store?.name !== 'memref.store' || bodyOps(inner).length !== 1)
    return undefined;
  const value = operand(store, 'value');
  const at = operands(store, 'indices');
  const isConstant = entry.operations.some(
    (op) => op.results[0] === value && op.name === 'arith.constant',
  );
  const wholeElement =
    at.length === 2 && at[0] === bodyOf(fill).arguments[0] && at[1] === bodyOf(inner).arguments[0];
  return operand(store, 'memref') === output && isConstant && wholeElement
    ? { value, outer, columns }
    : undefined;
}

/**
 * `grid` with the constant `fill` stored absorbed (its element starting from that constant),
 * when `fill` is a constant fill of the output `grid` promotes over the same bounds; else
 * undefined (both passes run).
 */
export function absorbFill(fill: PassPlan, grid: PassPlan): PassPlan | undefined {
  const s = grid.schedule;
  if (fill.output !== grid.output || s.kind !== 'column-grid' || s.promoted === undefined)
    return undefined;
  const entry = bodyOf(grid.func);
  const output = entry.arguments[grid.output] as Value;
  const stored = constantFill(fill.loop, output, entry);
  if (
    stored === undefined ||
    zeroToBound(grid.loop, entry) !== stored.outer ||
    zeroToBound(s.columns, entry) !== stored.columns
  )
    return undefined;
  return { ...grid, schedule: { ...s, initial: stored.value } };
}
