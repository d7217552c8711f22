/** Dead-code elimination: effect-free operations whose results nobody uses are erased. */
import type { Block, Operation } from '../../ir/index.js';
import { createBlock, createRegion, usersOf, withResults } from '../../ir/index.js';
import { isEffectFree } from '../guards.js';

/** Effect-free, recursively for region-holding ops (a loop that only computes is dead). */
function isRemovable(op: Operation): boolean {
  if (op.regions.length === 0) return isEffectFree(op);
  if (op.name !== 'scf.for' && op.name !== 'scf.if') return false;
  return op.regions.every((r) =>
    r.blocks.every((b) => b.operations.every((o) => o.name === 'scf.yield' || isRemovable(o))),
  );
}

/** `func` without dead operations (iterated until none is left); `changed` if any went. */
export function eliminateDeadCode(func: Operation): { func: Operation; changed: boolean } {
  let changed = false;
  for (;;) {
    const users = usersOf(func);
    let removed = false;
    const prune = (block: Block): Block => {
      const kept: Operation[] = [];
      for (const op of block.operations) {
        const dead = isRemovable(op) && op.results.every((r) => (users.get(r)?.length ?? 0) === 0);
        if (dead) {
          removed = true;
          continue;
        }
        kept.push(op.regions.length === 0 ? op : pruneRegions(op, prune));
      }
      return createBlock(block.arguments, kept);
    };
    const next = pruneRegions(func, prune);
    if (!removed) return { func, changed };
    func = next;
    changed = true;
  }
}

function pruneRegions(op: Operation, prune: (b: Block) => Block): Operation {
  const regions = op.regions.map((r) => createRegion(r.blocks.map(prune)));
  return withResults(
    { name: op.name, operands: op.operands, attributes: op.attributes, regions },
    op.results,
  );
}
