/** Dead-code elimination: operations that are trivially dead once unused are erased. */
import { expectOperation } from '../../argument-checks.js';
import {
  type Block,
  createBlock,
  createRegion,
  type Operation,
  type Value,
  withRegions,
} from '../../ir/operation.js';
import { walkOperations } from '../../ir/walk.js';
import { wouldBeTriviallyDead } from '../effects.js';

/**
 * `func` without dead operations (unused results, no effect but reads, recursively for
 * loops and conditionals); `changed` if any went. One backward sweep with use counts: an op
 * is visited after every op of its block that could use it, so erasing a user releases its
 * operands before their definitions are looked at, and whole dead chains go in one pass
 * (iterating to a fixed point made a dead chain quadratic).
 */
export function eliminateDeadCode(func: Operation): { func: Operation; changed: boolean } {
  expectOperation(func, 'func');
  const uses = new Map<Value, number>();
  const count = (op: Operation, delta: number): void =>
    walkOperations(op, (o) => {
      for (const v of o.operands) uses.set(v, (uses.get(v) ?? 0) + delta);
    });
  count(func, 1);
  const dead = new Set<Operation>();
  const sweep = (block: Block): void => {
    for (let k = block.operations.length - 1; k >= 0; k--) {
      const op = block.operations[k] as Operation;
      if (wouldBeTriviallyDead(op) && op.results.every((r) => (uses.get(r) ?? 0) === 0)) {
        dead.add(op);
        count(op, -1);
      } else {
        for (const region of op.regions) for (const b of region.blocks) sweep(b);
      }
    }
  };
  for (const region of func.regions) for (const b of region.blocks) sweep(b);
  if (dead.size === 0) return { func, changed: false };
  const prune = (block: Block): Block =>
    createBlock(
      block.arguments,
      block.operations
        .filter((op) => !dead.has(op))
        .map((op) => (op.regions.length === 0 ? op : pruneRegions(op, prune))),
    );
  return { func: pruneRegions(func, prune), changed: true };
}

function pruneRegions(op: Operation, prune: (b: Block) => Block): Operation {
  return withRegions(
    op,
    op.regions.map((r) => createRegion(r.blocks.map(prune))),
  );
}
