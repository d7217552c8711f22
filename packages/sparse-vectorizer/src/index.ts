/**
 * @tilekit/sparse-vectorizer: MLIR's sparse vectorization rewriter (`--sparse-vectorization`)
 * on the `@tilekit/loop-ir` IR.
 */

export { VectorizerArgumentError } from './argument-checks.js';
export { FOLDS } from './canonicalize/index.js';
export { VECTORIZER_CONFORMANCE_EXCLUSIONS } from './conformance-exclusions.js';
export { LOOP_MARKER } from './loop-view.js';
export { REMAINING_LANES_MAP } from './mask.js';
export {
  resolveOptions,
  type VectorizeOptions,
  VectorizeOptionsError,
  type VL,
  vectorType,
} from './options.js';
export type { ReasonCode, Rejection } from './outcome.js';
export { sparseVectorizationPass } from './pass.js';
export type {
  ChainReport,
  LoopDecision,
  LoopReport,
  VectorizeReport,
  VectorizeResult,
} from './report.js';
export { formatReport, reportLines } from './report-format.js';
export {
  BINARY_OPS,
  CAST_OPS,
  READ_ONLY_OPS,
  REDUCTION_INITS,
  REDUCTION_RULES,
  type ReductionInit,
  type ReductionRule,
  SHIFT_OPS,
  SUBSCRIPT_CASTS,
  UNARY_OPS,
  widenedIndexElement,
} from './rules.js';
export { vectorize } from './vectorize.js';
export { VectorizerError } from './vectorizer-error.js';
