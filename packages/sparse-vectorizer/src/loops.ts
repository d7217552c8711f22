/**
 * Locating `scf.for` ops in a function. A loop is named by its pre-order position in the
 * function as given: a rewrite may put more than one loop in a loop's place (the short path
 * of a reduction adds a scalar loop), so positions in a rewritten function name other loops.
 */
import type { Operation } from '@tilekit/loop-ir';

/** Ops whose body may run more than once per call of the function. */
const REPEATING_OPS = new Set(['scf.for', 'scf.while']);

/** One loop of a function: its pre-order position, nesting depth and the op itself. */
interface LoopSite {
  readonly position: number;
  /** Enclosing `scf.for` loops. */
  readonly depth: number;
  /** Whether an enclosing loop (`scf.for` or `scf.while`) may run it more than once per call. */
  readonly repeated: boolean;
  readonly op: Operation;
}

/** Every `scf.for` under `root` in pre-order, with depths (0 = not nested in a loop). */
export function listLoops(root: Operation): LoopSite[] {
  const out: LoopSite[] = [];
  const visit = (op: Operation, depth: number, repeated: boolean): void => {
    const isLoop = op.name === 'scf.for';
    if (isLoop) out.push({ position: out.length, depth, repeated, op });
    const repeats = repeated || REPEATING_OPS.has(op.name);
    for (const region of op.regions) {
      for (const block of region.blocks) {
        for (const inner of block.operations) visit(inner, isLoop ? depth + 1 : depth, repeats);
      }
    }
  };
  for (const region of root.regions) {
    for (const block of region.blocks) for (const op of block.operations) visit(op, 0, false);
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
