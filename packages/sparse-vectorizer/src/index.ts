/**
 * @tilekit/sparse-vectorizer: an MLIR-compatible loop IR (parse, print, verify, interpret)
 * and the sparse vectorization rewriter.
 */

export * from './engines/index.js';
export * from './interpret/index.js';
export * from './ir/index.js';
export * from './parse/index.js';
export * from './print/index.js';
export * from './sparse-tensor/index.js';
export * from './sparsify/index.js';
export { VECTORIZER_CONFORMANCE_EXCLUSIONS } from './vectorize/conformance-exclusions.js';
export * from './vectorize/index.js';
export * from './verify/index.js';
