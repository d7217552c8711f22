/**
 * The clean-up MLIR's pass gets from its greedy rewrite driver: folds of the vector ops it
 * emitted, constants hoisted and de-duplicated, dead code erased; repeated to a fixed point.
 */
import type { Module, Operation } from '@tilekit/loop-ir';
import { createModule } from '@tilekit/loop-ir';
import { hoistConstants } from './constants.js';
import { eliminateDeadCode } from './dce.js';
import { applyFolds } from './folds.js';

export { hoistConstants } from './constants.js';
export { FOLDS } from './folds.js';

/** Canonicalizes one function to a fixed point. */
export function canonicalizeFunction(func: Operation): Operation {
  for (;;) {
    const folded = applyFolds(func);
    const live = eliminateDeadCode(folded.func);
    const hoisted = hoistConstants(live.func);
    func = hoisted.func;
    if (!folded.changed && !live.changed && !hoisted.changed) return func;
  }
}

/** Canonicalizes every function of `module` (other top-level ops are kept). */
export function canonicalize(module: Module): Module {
  return createModule(
    module.operations.map((op) => (op.name === 'func.func' ? canonicalizeFunction(op) : op)),
  );
}
