/**
 * Test helpers shared by several packages' tests (private, never published): batched mlir-opt-22
 * runs, the vectorizer corpus parsed into loop-ir with deterministic arguments, the engine
 * tests' option grid and bit-exact snapshots, and fresh clones of the checkout for tests that build.
 */

export { type CloneOptions, cloneCheckout } from './checkout-clone.js';
export { type Kernel, type KernelArg, kernelText, loadCorpus, loadKernel } from './corpus.js';
export { hasTripParameter, makeArguments, ROWS } from './corpus-arguments.js';
export {
  type EngineVectorOptions,
  optionLabel,
  snapshot,
  VECTOR_OPTIONS,
} from './engine-options.js';
export { type ChunkResult, runChunks } from './mlir-chunks.js';
