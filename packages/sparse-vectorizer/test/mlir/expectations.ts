/**
 * Where our output is meant to differ from mlir-opt-22's: the documented fixes, each
 * as an explicit expectation with its reason. Every other kernel must match MLIR exactly
 * (per-loop decisions and op multiset).
 */
import type { ReasonCode } from '../../src/index.js';

/** One kernel on which we deliberately depart from MLIR. */
export interface FixExpectation {
  readonly fix: 1 | 2 | 3 | 4;
  readonly why: string;
  /** Loops (pre-order position) MLIR vectorizes and we keep scalar, with our reason. */
  readonly keptScalar?: Readonly<Record<number, ReasonCode>>;
  /** Op counts ours minus MLIR's when both vectorize the same loops. */
  readonly extraOps?: Readonly<Record<string, number>>;
}

/**
 * The kernels of one fix on which MLIR vectorizes the first loop (pre-order 0) and we keep it
 * scalar for `reason`, each with why.
 */
function firstLoopKeptScalar(
  fix: FixExpectation['fix'],
  reason: ReasonCode,
  whyByKernel: Readonly<Record<string, string>>,
): Record<string, FixExpectation> {
  return Object.fromEntries(
    Object.entries(whyByKernel).map(([kernel, why]) => [
      kernel,
      { fix, why, keptScalar: { 0: reason } },
    ]),
  );
}

/** The fix kernels of the corpus. */
export const FIX_EXPECTATIONS: Readonly<Record<string, FixExpectation>> = {
  fix1_chain_add_mul: {
    fix: 1,
    why:
      'MLIR starts the MUL loop from the ADD loop partial-sum vector; we keep the ADD loop ' +
      'horizontal reduction and the MUL init vector [sum, 1, ..] (its constant [1, ..] too)',
    extraOps: { 'vector.reduction': 1, 'vector.insert': 1, 'arith.constant': 1 },
  },
  fix1_reduction_then_broadcast: {
    fix: 1,
    why:
      'MLIR replaces the broadcast of the sum in the second loop by the partial-sum vector; ' +
      'we keep the horizontal reduction and broadcast the total',
    extraOps: { 'vector.reduction': 1, 'vector.broadcast': 1 },
  },
  ...firstLoopKeptScalar(2, 'side-effect-not-feeding', {
    fix2_two_stores: 'the first store would run once per vector step under MLIR',
    fix2_reduction_with_store: 'MLIR rebuilds the reduction loop without the store',
    fix2_nested_loop_then_store:
      'MLIR vectorizes the outer loop, so the inner loop and its store run every vl-th row',
  }),
  ...firstLoopKeptScalar(3, 'non-unit-stride', {
    fix3_strided_store:
      'MLIR emits vector.maskedstore on a stride-2 view; it writes consecutive memory',
    fix3_strided_load:
      'MLIR emits vector.maskedload on a dynamic-stride view; it reads consecutive memory',
  }),
  ...firstLoopKeptScalar(4, 'accumulator-reused', {
    fix4_accumulator_reuse: 'acc + acc * x is not a reduction; MLIR vectorizes it as one',
  }),
};
