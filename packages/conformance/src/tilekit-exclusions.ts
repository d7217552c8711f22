/**
 * tilekit's own known, reasoned deviations from the reference semantics, shared by every place
 * that runs the suites on tilekit's implementations (each package's tests, the CLI, this
 * package's mutant tests). Each exclusion fails loudly once its case starts passing.
 */
import type { Exclusion } from './core/exclusions.js';
import { MLIR_VECTORIZATION } from './data/mlir-vectorization.js';
import type { LayoutCaseId } from './suites/layout/xla-cases.js';
import type { VectorizerCaseId } from './suites/vectorizer/vectorizer-context.js';

/** `@tilekit/layout` accepts the seed document's notation, which XLA's parser rejects. */
export const TILEKIT_LAYOUT_EXCLUSIONS: readonly Exclusion<LayoutCaseId>[] = [
  {
    case: 'layout/xla/reject/f32[3,5]{1,0:(2,2)}',
    reason:
      "tilekit deliberately accepts the 'Tiled layout' document's notation {1,0:(2,2)} (without T) as input; XLA's parser rejects it",
  },
];

/** A loop where tilekit's vectorizer deliberately differs from mlir-opt, and in what. */
interface MlirDeviation {
  readonly name: string;
  /** Which structural cases differ: decisions, vector ops, or both. */
  readonly parts: readonly ('decisions' | 'vector-ops')[];
  readonly reason: string;
}

const FIX_1 =
  'fix 1: MLIR folds a reduction chain into a reduction of another kind or a broadcast and miscompiles; tilekit folds only same-kind chains';
const FIX_2 =
  'fix 2: MLIR vectorizes a loop with another side effect besides the final store/reduction and miscompiles it; tilekit keeps it scalar';
const FIX_3 =
  'fix 3: MLIR emits contiguous vector accesses on a non-unit-stride memref; tilekit keeps the loop scalar';
const FIX_4 =
  'fix 4: MLIR vectorizes a reduction whose accumulator also feeds its operand (acc + acc * x); tilekit keeps it scalar';

/** The corpus loops tilekit vectorizes differently from MLIR, on purpose (its README, "Where we differ"). */
const MLIR_DEVIATIONS: readonly MlirDeviation[] = [
  { name: 'fix1_chain_add_mul', parts: ['vector-ops'], reason: FIX_1 },
  { name: 'fix1_reduction_then_broadcast', parts: ['vector-ops'], reason: FIX_1 },
  { name: 'fix2_nested_loop_then_store', parts: ['decisions', 'vector-ops'], reason: FIX_2 },
  { name: 'fix2_reduction_with_store', parts: ['decisions', 'vector-ops'], reason: FIX_2 },
  { name: 'fix2_two_stores', parts: ['decisions', 'vector-ops'], reason: FIX_2 },
  { name: 'fix3_strided_load', parts: ['decisions', 'vector-ops'], reason: FIX_3 },
  { name: 'fix3_strided_store', parts: ['decisions', 'vector-ops'], reason: FIX_3 },
  { name: 'fix4_accumulator_reuse', parts: ['decisions', 'vector-ops'], reason: FIX_4 },
];

/** Every (option set, deviating loop, part) of the case data as an exclusion. */
export const TILEKIT_VECTORIZER_EXCLUSIONS: readonly Exclusion<VectorizerCaseId>[] =
  MLIR_VECTORIZATION.configs.flatMap((config) =>
    MLIR_DEVIATIONS.filter((d) => MLIR_VECTORIZATION.cases.some((c) => c.name === d.name)).flatMap(
      (d) =>
        d.parts.map(
          (part): Exclusion<VectorizerCaseId> => ({
            case: `vectorizer/${config.name}/${d.name}/${part}`,
            reason: d.reason,
          }),
        ),
    ),
  );
