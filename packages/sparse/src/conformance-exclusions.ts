/**
 * The cases of `@tilekit/conformance`'s sparse suite this package does not pass, each with the
 * reason. An excluded case still runs and must fail: the suite reports a stale exclusion when
 * it passes.
 */

/** One excluded case of the sparse suite. */
export interface SparseConformanceExclusion {
  readonly case: `sparse/${string}/${string}`;
  readonly reason: string;
}

const OUT_OF_ORDER =
  "the output's level order differs from the loop order, and the emitter assembles an output " +
  'only in order or through a workspace over its last level; it rejects the kernel with a ' +
  'SparsifyError naming the level order that works (assemble that, then SparseTensor.convert, ' +
  'as MLIR needs a sparse_tensor.convert)';

/** Sparse suite cases this package fails on every engine, scalar or vectorized, and why. */
export const SPARSE_CONFORMANCE_EXCLUSIONS: readonly SparseConformanceExclusion[] = [
  { case: 'sparse/spgemm/csr-csr-into-csc', reason: OUT_OF_ORDER },
  { case: 'sparse/transpose/csr-into-csr', reason: OUT_OF_ORDER },
  { case: 'sparse/convert/csr-to-csc', reason: OUT_OF_ORDER },
  { case: 'sparse/convert/csf-to-csf-kji', reason: OUT_OF_ORDER },
];

/**
 * Further cases this package fails when the emitted loops are vectorized
 * (`@tilekit/sparse-vectorizer`), and why.
 */
export const SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS: readonly SparseConformanceExclusion[] = [
  {
    case: 'sparse/function/divide-i32',
    reason:
      'the vectorized loop also divides in the masked-off lanes of its remainder, where the ' +
      'divisor loads as 0, so integer division traps (division by zero) on every engine',
  },
];
