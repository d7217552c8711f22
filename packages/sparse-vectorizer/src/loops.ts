/**
 * Locating `scf.for` ops in a function. A loop is named by its pre-order position, which
 * survives our rewrites because each one replaces one loop by exactly one loop.
 */
import type { Operation, Replacement } from '@tilekit/loop-ir';
import { IRMapping, remapOperation } from '@tilekit/loop-ir';

/** One loop of a function: its pre-order position, nesting depth and the op itself. */
interface LoopSite {
  readonly position: number;
  readonly depth: number;
  readonly op: Operation;
}

/** Every `scf.for` under `root` in pre-order, with depths (0 = not nested in a loop). */
export function listLoops(root: Operation): LoopSite[] {
  const out: LoopSite[] = [];
  const visit = (op: Operation, depth: number): void => {
    const isLoop = op.name === 'scf.for';
    if (isLoop) out.push({ position: out.length, depth, op });
    for (const region of op.regions) {
      for (const block of region.blocks) {
        for (const inner of block.operations) visit(inner, isLoop ? depth + 1 : depth);
      }
    }
  };
  for (const region of root.regions) {
    for (const block of region.blocks) for (const op of block.operations) visit(op, 0);
  }
  return out;
}

/**
 * Loop positions innermost first (post-order), so an inner loop is vectorized before the
 * loop around it is considered, as a bottom-up rewrite driver would.
 */
export function innermostFirst(sites: readonly LoopSite[]): number[] {
  const order: number[] = [];
  const pending: LoopSite[] = [];
  for (const site of sites) {
    while (pending.length > 0 && (pending[pending.length - 1] as LoopSite).depth >= site.depth) {
      order.push((pending.pop() as LoopSite).position);
    }
    pending.push(site);
  }
  while (pending.length > 0) order.push((pending.pop() as LoopSite).position);
  return order;
}

/** `root` with `target` (an op nested anywhere in it) replaced; later uses are remapped. */
export function replaceOperation(
  root: Operation,
  target: Operation,
  replacement: Replacement,
): Operation {
  return remapOperation(root, new IRMapping(), (op) => (op === target ? replacement : undefined));
}
