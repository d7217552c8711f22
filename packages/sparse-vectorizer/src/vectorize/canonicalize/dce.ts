/** Dead-code elimination: effect-free operations whose results nobody uses are erased. */
import type { Block, Operation, Value } from '@tilekit/loop-ir';
import { createBlock, createRegion, walkOperations, withResults } from '@tilekit/loop-ir';
import { isEffectFree } from '../guards.js';

/** Effect-free, recursively for region-holding ops (a loop that only computes is dead). */
function isRemovable(op: Operation): boolean {
  if (op.regions.length === 0) return isEffectFree(op);
  if (op.name !== 'scf.for' && op.name !== 'scf.if') return false;
  return op.regions.every((r) =>
    r.blocks.every((b) => b.operations.every((o) => o.name === 'scf.yield' || isRemovable(o))),
  );
}

/**
 * `func` without dead operations; `changed` if any went. One backward sweep with use counts:
 * an op is visited after every op of its block that could use it, so erasing a user releases
 * its operands before their definitions are looked at, and whole dead chains go in one pass
 * (iterating to a fixed point made a dead chain quadratic).
 */
export function eliminateDeadCode(func: Operation): { func: Operation; changed: boolean } {
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
      if (isRemovable(op) && op.results.every((r) => (uses.get(r) ?? 0) === 0)) {
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
  const regions = op.regions.map((r) => createRegion(r.blocks.map(prune)));
  return withResults(
    { name: op.name, operands: op.operands, attributes: op.attributes, regions },
    op.results,
  );
}
