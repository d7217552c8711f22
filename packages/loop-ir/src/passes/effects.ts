/**
 * Memory-effect queries over the effect data of the op definitions ({@link OpDef.effects}),
 * with MLIR's meaning: an op with `recursive` effects has the effects of the ops nested in
 * its regions, and an op the package does not know has unknown effects.
 */

import { expectOperation } from '../argument-checks.js';
import type { Operation } from '../ir/operation.js';
import { getOpDef } from '../ir/ops/index.js';

function declaredEffect(op: Operation) {
  return getOpDef(op.name)?.effects ?? 'unknown';
}

function nestedOps(op: Operation): readonly Operation[] {
  return op.regions.flatMap((r) => r.blocks.flatMap((b) => b.operations));
}

/** Whether `op` (and, for `recursive` ops, everything nested in it) touches no memory. */
export function isMemoryEffectFree(op: Operation): boolean {
  expectOperation(op);
  const effect = declaredEffect(op);
  if (effect === 'recursive') return nestedOps(op).every(isMemoryEffectFree);
  return effect === 'none';
}

/** Whether `op` itself only reads memory (a load or gather; MLIR's `onlyHasEffect<Read>`). */
export function onlyReadsMemory(op: Operation): boolean {
  expectOperation(op);
  return declaredEffect(op) === 'read';
}

/** Whether `op` may write memory: a write, an unknown effect, or either nested in its regions. */
export function mayWriteMemory(op: Operation): boolean {
  expectOperation(op);
  const effect = declaredEffect(op);
  if (effect === 'recursive') return nestedOps(op).some(mayWriteMemory);
  return effect === 'write' || effect === 'unknown';
}

/**
 * Whether erasing `op` is unobservable once its results are unused (MLIR's
 * `wouldOpBeTriviallyDead`): it only reads memory or touches none, recursively through its
 * regions; terminators and symbols are never dead.
 */
export function wouldBeTriviallyDead(op: Operation): boolean {
  expectOperation(op);
  const def = getOpDef(op.name);
  if (def === undefined || def.traits.includes('terminator') || def.traits.includes('symbol')) {
    return false;
  }
  if (def.effects === 'recursive') {
    return nestedOps(op).every(
      (inner) => getOpDef(inner.name)?.traits.includes('terminator') || wouldBeTriviallyDead(inner),
    );
  }
  return def.effects === 'none' || def.effects === 'read';
}
