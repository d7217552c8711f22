/**
 * The canonicalization driver, as MLIR's greedy rewrite driver runs it: folds from a table
 * applied in program order, dead code erased, constants de-duplicated and hoisted to the
 * function entry; repeated until nothing changes.
 */
import { expectOperation, LoopIrArgumentError } from '../../argument-checks.js';
import type { Attribute } from '../../ir/attributes.js';
import type { Operation, Value } from '../../ir/operation.js';
import { IRMapping, remapOperation } from '../../ir/rewriter.js';
import { hoistConstants } from './constants.js';
import { eliminateDeadCode } from './dead-code.js';
import type { FoldTable } from './fold.js';

/**
 * Applies `folds` once over `func`, in program order; `changed` when any fold fired.
 * @throws LoopIrArgumentError when `func` is no operation or `folds` no FoldTable.
 */
export function applyFolds(
  func: Operation,
  folds: FoldTable,
): { func: Operation; changed: boolean } {
  expectOperation(func, 'func');
  if (!(folds instanceof Map)) {
    throw new LoopIrArgumentError('folds', 'a FoldTable (a Map from op name to fold)', folds);
  }
  const constants = new Map<Value, Attribute>();
  const defs = new Map<Value, Operation>();
  const record = (op: Operation): void => {
    for (const r of op.results) defs.set(r, op);
    if (op.name === 'arith.constant') {
      constants.set(op.results[0] as Value, op.attributes.value as Attribute);
    }
  };
  let changed = false;
  const next = remapOperation(func, new IRMapping(), (op) => {
    const replacement = folds.get(op.name)?.(op, constants, defs);
    if (replacement === undefined) {
      record(op);
      return undefined;
    }
    changed = true;
    for (const made of replacement.operations) record(made);
    return replacement;
  });
  return { func: next, changed };
}

/** Canonicalizes one function with `folds` to a fixed point. */
export function canonicalizeFunction(func: Operation, folds: FoldTable): Operation {
  for (;;) {
    const folded = applyFolds(func, folds);
    const live = eliminateDeadCode(folded.func);
    const hoisted = hoistConstants(live.func);
    func = hoisted.func;
    if (!folded.changed && !live.changed && !hoisted.changed) return func;
  }
}
