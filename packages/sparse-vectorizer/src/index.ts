/**
 * @tilekit/sparse-vectorizer: an MLIR-compatible loop IR (parse, print, verify, interpret)
 * and the sparse vectorization rewriter.
 */

// Transitional: the loop IR moved to @tilekit/loop-ir; this re-export goes once every user imports it from there.
export * from '@tilekit/loop-ir';
export * from './engines/index.js';
export * from './sparse-tensor/index.js';
export * from './sparsify/index.js';
export { VECTORIZER_CONFORMANCE_EXCLUSIONS } from './vectorize/conformance-exclusions.js';
export * from './vectorize/index.js';
