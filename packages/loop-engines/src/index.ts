/**
 * @tilekit/loop-engines: engines that run `@tilekit/loop-ir` functions — the reference
 * interpreter, generated JavaScript and WebAssembly SIMD — behind one `compile` call.
 */

export * from './engines/index.js';
export * from './glsl/index.js';
export * from './wgsl/index.js';
