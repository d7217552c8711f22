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

/** Sparse suite cases this package fails on every engine, scalar or vectorized, and why. */
export const SPARSE_CONFORMANCE_EXCLUSIONS: readonly SparseConformanceExclusion[] = [];

/**
 * Further cases this package fails when the emitted loops are vectorized
 * (`@tilekit/sparse-vectorizer`), and why.
 */
export const SPARSE_VECTORIZED_CONFORMANCE_EXCLUSIONS: readonly SparseConformanceExclusion[] = [];
