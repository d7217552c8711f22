/**
 * Folds of the `scf` ops: an `scf.for` iteration argument that the body yields unchanged
 * holds its initial value throughout, so the loop drops it and its result is the initial
 * value (MLIR's `ForOpIterArgsFolder`). A loop left with nothing but its yield is then dead.
 *
 * Not covered: MLIR's other `scf` patterns (an init equal to the yielded value, unused
 * results, loops of zero or one trip, `scf.if` on a constant condition).
 */
import { expectFoldArguments } from '../../argument-checks.js';
import {
  type Block,
  createBlock,
  createOperation,
  createRegion,
  type Operation,
  terminatorOf,
  type Value,
} from '../../ir/operation.js';
import { IRMapping, rewriteBlock } from '../../ir/rewriter.js';
import type { Fold, FoldTable } from './fold.js';

/** Operands before the initial values: lower bound, upper bound, step. */
const BOUNDS = 3;

function rebuiltYield(yieldOp: Operation, keep: (k: number) => boolean): Operation {
  return createOperation({
    name: yieldOp.name,
    operands: yieldOp.operands.filter((_, k) => keep(k)),
    attributes: yieldOp.attributes,
  });
}

/** `scf.for` without the iteration arguments its body yields back unchanged. */
export const foldForwardedIterArgs: Fold = (op, constants, defs) => {
  expectFoldArguments(op, constants, defs);
  const block: Block | undefined = op.regions[0]?.blocks[0];
  const yieldOp = block === undefined ? undefined : terminatorOf(block);
  if (block === undefined || yieldOp?.name !== 'scf.yield') return undefined;
  const [iv, ...iterArgs] = block.arguments as [Value, ...Value[]];
  const inits = op.operands.slice(BOUNDS);
  // A loop whose arguments, inits and results do not pair up is not one this fold reads.
  if (iv === undefined || iterArgs.length !== inits.length || op.results.length !== inits.length)
    return undefined;
  const forwarded = iterArgs.map((arg, k) => yieldOp.operands[k] === arg);
  if (!forwarded.includes(true)) return undefined;
  const keep = (k: number) => !forwarded[k];
  // Inside the body a forwarded argument always holds its initial value.
  const mapping = new IRMapping();
  for (const [k, arg] of iterArgs.entries()) if (!keep(k)) mapping.map(arg, inits[k] as Value);
  const body = rewriteBlock(block, () => undefined, mapping);
  const ops = body.operations.slice(0, -1);
  const loopYield = rebuiltYield(terminatorOf(body) as Operation, keep);
  const loop = createOperation({
    name: op.name,
    operands: [...op.operands.slice(0, BOUNDS), ...inits.filter((_, k) => keep(k))],
    resultTypes: op.results.filter((_, k) => keep(k)).map((r) => r.type),
    attributes: op.attributes,
    regions: [
      createRegion([createBlock([iv, ...iterArgs.filter((_, k) => keep(k))], [...ops, loopYield])]),
    ],
  });
  let next = 0;
  const results = op.results.map((_, k) =>
    keep(k) ? (loop.results[next++] as Value) : (inits[k] as Value),
  );
  return { operations: [loop], results };
};

/** The `scf` folds, keyed by op name. */
export const SCF_FOLDS: FoldTable = new Map([['scf.for', foldForwardedIterArgs]]);
