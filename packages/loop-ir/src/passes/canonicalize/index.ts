/**
 * `canonicalize(module)`: the folds MLIR's canonicalizer applies to the ops of this IR that
 * matter for loop code (see each fold file for what it covers and what it does not), dead
 * code elimination, and constant de-duplication and hoisting, to a fixed point.
 */
import { expectModule } from '../../argument-checks.js';
import { createModule, type Module } from '../../ir/operation.js';
import { AFFINE_FOLDS } from './affine-folds.js';
import { ARITH_FOLDS } from './arith-folds.js';
import { canonicalizeFunction } from './driver.js';
import type { FoldTable } from './fold.js';
import { SCF_FOLDS } from './scf-folds.js';
import { VECTOR_FOLDS } from './vector-folds.js';

export { AFFINE_FOLDS, foldAffineConstant, foldAffineMinSymbols } from './affine-folds.js';
export { ARITH_FOLDS, foldSelect } from './arith-folds.js';
export { hoistConstants } from './constants.js';
export { eliminateDeadCode } from './dead-code.js';
export { applyFolds, canonicalizeFunction } from './driver.js';
export type { ConstantValues, DefiningOps, Fold, FoldTable } from './fold.js';
export { firstOf } from './fold.js';
export { foldForwardedIterArgs, SCF_FOLDS } from './scf-folds.js';
export {
  foldBroadcast,
  foldInsert,
  foldMaskedLoad,
  foldMaskedStore,
  VECTOR_FOLDS,
} from './vector-folds.js';

/** Every fold `canonicalize` applies, keyed by op name. */
export const CANONICALIZATION_FOLDS: FoldTable = new Map([
  ...ARITH_FOLDS,
  ...AFFINE_FOLDS,
  ...SCF_FOLDS,
  ...VECTOR_FOLDS,
]);

/**
 * Canonicalizes every `func.func` of `module` with {@link CANONICALIZATION_FOLDS}, like
 * `mlir-opt --canonicalize` on the ops this IR has (other top-level ops are kept). The input
 * is not modified.
 */
export function canonicalize(module: Module): Module {
  expectModule(module);
  return createModule(
    module.operations.map((op) =>
      op.name === 'func.func' ? canonicalizeFunction(op, CANONICALIZATION_FOLDS) : op,
    ),
  );
}
