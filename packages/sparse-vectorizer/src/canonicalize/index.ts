/**
 * The clean-up MLIR's sparse vectorization pass gets from its greedy rewrite driver: the
 * vector canonicalization patterns it registers plus the `arith.select` and `affine.min`
 * folders, dead code erased, constants hoisted and de-duplicated; repeated to a fixed point.
 * The driver and the folds are `@tilekit/loop-ir`'s (its `canonicalize` pass uses them all).
 */
import {
  canonicalizeFunction as canonicalizeWith,
  type FoldTable,
  foldAffineMinSymbols,
  foldSelect,
  type Operation,
  VECTOR_FOLDS,
} from '@tilekit/loop-ir';

export { canonicalize, hoistConstants } from '@tilekit/loop-ir';

/** The folds the pass applies, keyed by op name. */
export const FOLDS: FoldTable = new Map([
  ...VECTOR_FOLDS,
  ['arith.select', foldSelect],
  ['affine.min', foldAffineMinSymbols],
]);

/** Canonicalizes one function to a fixed point with {@link FOLDS}. */
export function canonicalizeFunction(func: Operation): Operation {
  return canonicalizeWith(func, FOLDS);
}
