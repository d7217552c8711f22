/**
 * Module-to-module passes (`cse`, `canonicalize`), the effect queries they share, and the pass
 * infrastructure: declared passes, their option strings, registries and pipelines.
 */
export { canonicalizePass, csePass } from './builtin-passes.js';
export * from './canonicalize/index.js';
export * from './cse.js';
export * from './effects.js';
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
