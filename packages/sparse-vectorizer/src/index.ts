/**
 * @tilekit/sparse-vectorizer: MLIR's sparse vectorization rewriter (`--sparse-vectorization`)
 * on the `@tilekit/loop-ir` IR.
 */

export { VECTORIZER_CONFORMANCE_EXCLUSIONS } from './vectorize/conformance-exclusions.js';
export * from './vectorize/index.js';
export { VectorizerError } from './vectorizer-error.js';
