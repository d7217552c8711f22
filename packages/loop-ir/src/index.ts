/**
 * @tilekit/loop-ir: an MLIR-compatible loop IR — the core (ir), MLIR text parsing and printing,
 * the verifier, the reference interpreter and the `cse` and `canonicalize` passes. The interpreter's op semantics tables, which the
 * engines reuse, are published separately as `@tilekit/loop-ir/semantics`.
 */

export * from './interpret/index.js';
export * from './ir/index.js';
export { LoopIrError } from './loop-ir-error.js';
export * from './parse/index.js';
export * from './passes/index.js';
export * from './print/index.js';
export * from './verify/index.js';
