/**
 * The edit distance the "did you mean" tests judge suggestions by (Levenshtein's, by its
 * recursive definition): one definition, in the shared test tooling, that `@tilekit/errors`'s
 * own tests use too.
 */
export { referenceEditDistance } from '../../vitest/reference-edit-distance.ts';
