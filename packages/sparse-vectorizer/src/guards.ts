/**
 * Guards against two of MLIR's miscompiles, checked after MLIR's own analysis accepted a
 * loop (so every other rejection reason is MLIR's):
 *
 * - Fix 2: MLIR looks only at the final store (or the reduction) and what feeds it. Any
 *   other side effect in the body then runs once per vector step (an earlier store, an
 *   inner loop) or is dropped with the old body (a store in a reduction loop).
 * - Fix 3: a masked load/store moves consecutive memory from the first element's address
 *   (that is how MLIR lowers it to LLVM), which matches consecutive memref elements only
 *   when the innermost stride is 1. MLIR emits it on any strided view.
 * - Fix 4: MLIR checks only that the yielded value is `op(acc, x)`; if `x` (or anything
 *   else) also uses the accumulator, as in `acc + acc * x`, the lanes no longer hold
 *   independent partial results and the horizontal reduction is wrong.
 */
import type { Operation, Value } from '@tilekit/loop-ir';
import { getOpDef, walkOperations } from '@tilekit/loop-ir';
import type { LoopView } from './loop-view.js';
import { hasNonUnitInnermostStride } from './memory.js';
import { type Rejection, reject } from './outcome.js';
import { READ_ONLY_OPS } from './rules.js';
import type { Walk } from './walker.js';

/** Whether dropping or repeating `op` is unobservable (pure or read-only). */
export function isEffectFree(op: Operation): boolean {
  return READ_ONLY_OPS.has(op.name) || (getOpDef(op.name)?.traits.includes('pure') ?? false);
}

/**
 * Fix 2: rejects a body holding an effect other than `finalEffect` (the store a parallel
 * loop ends in; none for a reduction) and the terminator. Dead pure ops are fine: they feed
 * nothing and are erased as dead code.
 */
export function checkOnlyFinalEffect(
  view: LoopView,
  finalEffect: Operation | undefined,
): Rejection | undefined {
  const ops = view.body.operations;
  for (const [position, op] of ops.slice(0, -1).entries()) {
    if (op === finalEffect || isEffectFree(op)) continue;
    const what = finalEffect === undefined ? 'the reduction' : 'the final store';
    const consequence = finalEffect === undefined ? 'drop it' : 'run it once per vector step';
    return reject(
      'side-effect-not-feeding',
      `\`${op.name}\` (body op ${position}) does not feed ${what}; MLIR would vectorize the loop and ${consequence}`,
    );
  }
  return undefined;
}

/** Fix 3: rejects contiguous vector accesses of memrefs whose innermost stride is not 1. */
export function checkUnitStride(walk: Walk): Rejection | undefined {
  const strided = walk.contiguous.find(hasNonUnitInnermostStride);
  if (strided === undefined) return undefined;
  return reject(
    'non-unit-stride',
    `a contiguous vector access of a ${describeLayout(strided.type)} view; MLIR would emit a masked load/store that reads or writes consecutive memory instead`,
  );
}

function describeLayout(type: Walk['contiguous'][number]['type']): string {
  if (type.kind !== 'memref' || type.layout === undefined) return 'strided';
  return `strided<[${type.layout.strides.join(', ')}]>`;
}

/** Fix 4: the accumulator must be used once, as one operand of the reduction op. */
export function checkAccumulatorUse(view: LoopView, accumulator: Value): Rejection | undefined {
  let uses = 0;
  walkOperations(view.body, (op) => {
    uses += op.operands.filter((v) => v === accumulator).length;
  });
  if (uses <= 1) return undefined;
  return reject(
    'accumulator-reused',
    `the accumulator is used ${uses} times in the body, so the yielded value is not op(acc, x) with x independent of acc; MLIR would still vectorize it`,
  );
}

/** All guards, for a loop whose analysis succeeded (`accumulator` for reductions). */
export function checkAgainstMiscompiles(
  walk: Walk,
  finalEffect: Operation | undefined,
  accumulator?: Value,
): Rejection | undefined {
  return (
    checkOnlyFinalEffect(walk.view, finalEffect) ??
    checkUnitStride(walk) ??
    (accumulator === undefined ? undefined : checkAccumulatorUse(walk.view, accumulator))
  );
}
