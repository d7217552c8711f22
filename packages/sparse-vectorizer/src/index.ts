/**
 * @tilekit/sparse-vectorizer: MLIR's sparse vectorization rewriter (`--sparse-vectorization`)
 * on the `@tilekit/loop-ir` IR.
 */

export { VECTORIZER_CONFORMANCE_EXCLUSIONS } from './vectorize/conformance-exclusions.js';
export {
  BINARY_OPS,
  CAST_OPS,
  type ChainReport,
  FOLDS,
  formatReport,
  LOOP_MARKER,
  type LoopDecision,
  type LoopReport,
  READ_ONLY_OPS,
  REDUCTION_INITS,
  REDUCTION_RULES,
  REMAINING_LANES_MAP,
  type ReasonCode,
  type ReductionInit,
  type ReductionRule,
  type Rejection,
  reportLines,
  resolveOptions,
  SHIFT_OPS,
  SUBSCRIPT_CASTS,
  sparseVectorizationPass,
  UNARY_OPS,
  type VectorizeOptions,
  VectorizeOptionsError,
  type VectorizeReport,
  type VectorizeResult,
  type VL,
  vectorize,
  vectorType,
  widenedIndexElement,
} from './vectorize/index.js';
export { VectorizerError } from './vectorizer-error.js';
