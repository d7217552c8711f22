/**
 * `@tilekit/tfjs-kernels/wasm-heap`: the typing of `@tensorflow/tfjs-backend-wasm`'s internals
 * (its memory, a tensor's place in its heap), for other packages' wasm kernels that read tensors
 * in place. Registers nothing.
 */
export { backendMemory, heapElements, type WasmBackendLike } from './wasm/backend-memory.js';
