/**
 * Fix 2: MLIR vectorizes a loop by looking only at its final store (or its reduction) and
 * the values feeding it. Another side effect in the body is then either run once per vector
 * step (an earlier store, an inner loop) or dropped with the old body (a store in a
 * reduction loop). We vectorize only when nothing else in the body has an effect.
 */
import type { Operation } from '../ir/index.js';
import { getOpDef } from '../ir/index.js';
import type { LoopView } from './loop-view.js';
import { type Rejection, reject } from './outcome.js';
import { READ_ONLY_OPS } from './rules.js';

/** Whether dropping or repeating `op` is unobservable (pure or read-only). */
export function isEffectFree(op: Operation): boolean {
  return READ_ONLY_OPS.has(op.name) || (getOpDef(op.name)?.traits.includes('pure') ?? false);
}

/**
 * Rejects a loop body holding an effect other than `finalEffect` (the store a parallel
 * loop ends in; none for a reduction) and the terminator. Dead pure ops are fine: they
 * feed nothing and are erased as dead code.
 */
export function checkOnlyFinalEffect(
  view: LoopView,
  finalEffect: Operation | undefined,
): Rejection | undefined {
  const ops = view.body.operations;
  for (const [position, op] of ops.slice(0, -1).entries()) {
    if (op === finalEffect || isEffectFree(op)) continue;
    const what = finalEffect === undefined ? 'the reduction' : 'the final store';
    return reject(
      'side-effect-not-feeding',
      `\`${op.name}\` (body op ${position}) does not feed ${what}; MLIR would vectorize the loop anyway and ${
        finalEffect === undefined ? 'drop it' : 'run it only once per vector step'
      }`,
    );
  }
  return undefined;
}
