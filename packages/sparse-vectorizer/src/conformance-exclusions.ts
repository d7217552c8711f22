/**
 * This vectorizer's known, deliberate deviations from mlir-opt in `@tilekit/conformance`'s
 * vectorizer suite (the README's "Where we differ"), as plain data: pass it as the suite's
 * `exclusions`. The `*` segment stands for every option set of the suite, so the list does not
 * depend on the suite's config names. Each exclusion fails the run once its case starts passing.
 */

const FIX_1 =
  'fix 1: MLIR folds a reduction chain into a reduction of another kind or a broadcast and miscompiles; tilekit folds only same-kind chains';
const FIX_2 =
  'fix 2: MLIR vectorizes a loop with another side effect besides the final store/reduction and miscompiles it; tilekit keeps it scalar';
const FIX_3 =
  'fix 3: MLIR emits contiguous vector accesses on a non-unit-stride memref; tilekit keeps the loop scalar';
const FIX_4 =
  'fix 4: MLIR vectorizes a reduction whose accumulator also feeds its operand (acc + acc * x); tilekit keeps it scalar';

/** A corpus loop vectorized differently from MLIR on purpose, and which structural cases show it. */
interface Deviation {
  readonly loop: string;
  readonly parts: readonly ('decisions' | 'vector-ops')[];
  readonly reason: string;
}

const DEVIATIONS: readonly Deviation[] = [
  { loop: 'fix1_chain_add_mul', parts: ['vector-ops'], reason: FIX_1 },
  { loop: 'fix1_reduction_then_broadcast', parts: ['vector-ops'], reason: FIX_1 },
  { loop: 'fix2_nested_loop_then_store', parts: ['decisions', 'vector-ops'], reason: FIX_2 },
  { loop: 'fix2_reduction_with_store', parts: ['decisions', 'vector-ops'], reason: FIX_2 },
  { loop: 'fix2_two_stores', parts: ['decisions', 'vector-ops'], reason: FIX_2 },
  { loop: 'fix3_strided_load', parts: ['decisions', 'vector-ops'], reason: FIX_3 },
  { loop: 'fix3_strided_store', parts: ['decisions', 'vector-ops'], reason: FIX_3 },
  { loop: 'fix4_accumulator_reuse', parts: ['decisions', 'vector-ops'], reason: FIX_4 },
];

/**
 * The vectorizer suite's cases this vectorizer fails on purpose, with the reason: one
 * `vectorizer/*\/<loop>/<part>` pattern per deviating loop and structural part, `*` matching
 * every option set. Structurally `@tilekit/conformance`'s `Exclusion[]`.
 */
export const VECTORIZER_CONFORMANCE_EXCLUSIONS: readonly {
  readonly case: `vectorizer/${string}`;
  readonly reason: string;
}[] = DEVIATIONS.flatMap((d) =>
  d.parts.map((part) => ({ case: `vectorizer/*/${d.loop}/${part}` as const, reason: d.reason })),
);
