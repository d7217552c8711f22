/**
 * @tilekit/loop-engines: engines that run `@tilekit/loop-ir` functions — the reference
 * interpreter, generated JavaScript and WebAssembly SIMD — behind one `compile` call.
 */

export { EngineError } from './engine-error.js';
export * from './engines/index.js';
