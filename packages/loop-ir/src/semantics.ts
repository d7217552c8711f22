/**
 * `@tilekit/loop-ir/semantics`: the interpreter's execution model, published for engines that
 * run loop IR by other means (generated JavaScript, WebAssembly) and must agree with it bit for
 * bit. The op semantics are rules as data — tables keyed by op name — so an engine can defer to
 * the interpreter for any op it does not lower itself.
 */
export type { RuntimeValue, VectorValue } from './interpret/runtime.js';
export { FLOAT_BINARY, FLOAT_UNARY, type FloatBinaryFn } from './interpret/scalar/float.js';
export type { Scalar } from './interpret/scalar/integers.js';
export type { ExecContext, OpSemantics } from './interpret/semantics/context.js';
export { ELEMENTWISE_SEMANTICS } from './interpret/semantics/elementwise.js';
export { SEMANTICS } from './interpret/semantics/index.js';
export { overwideMessage, overwideVector } from './interpret/vector-lanes.js';
