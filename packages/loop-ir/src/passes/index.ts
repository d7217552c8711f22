/**
 * Module-to-module passes (`cse`, `canonicalize`), the effect queries they share, and the pass
 * infrastructure: declared passes, their option strings, registries and pipelines.
 */
export { canonicalizePass, csePass } from './builtin-passes.js';
export {
  AFFINE_FOLDS,
  ARITH_FOLDS,
  applyFolds,
  CANONICALIZATION_FOLDS,
  type ConstantValues,
  canonicalize,
  canonicalizeFunction,
  type DefiningOps,
  eliminateDeadCode,
  type Fold,
  type FoldTable,
  firstOf,
  foldAffineConstant,
  foldAffineMinSymbols,
  foldBroadcast,
  foldForwardedIterArgs,
  foldInsert,
  foldMaskedLoad,
  foldMaskedStore,
  foldSelect,
  hoistConstants,
  SCF_FOLDS,
  VECTOR_FOLDS,
} from './canonicalize/index.js';
export { cse } from './cse.js';
export {
  isMemoryEffectFree,
  mayWriteMemory,
  onlyReadsMemory,
  wouldBeTriviallyDead,
} from './effects.js';
export {
  type ParsedOptions,
  type Pass,
  type PassOption,
  PassOptionError,
  type PassResult,
  parseOptionString,
} from './pass.js';
export {
  PassPipelineError,
  type PassRegistry,
  PassVerificationError,
  type PipelineResult,
  type PipelineStep,
  parsePassPipeline,
  passRegistry,
  pipelineStep,
  runPassPipeline,
} from './pipeline.js';
