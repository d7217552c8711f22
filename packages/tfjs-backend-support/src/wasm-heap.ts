/**
 * `@tilekit/tfjs-backend-support/wasm-heap`: the typing of `@tensorflow/tfjs-backend-wasm`'s
 * internals (its memory, a tensor's place in its heap), for wasm kernels that read and write
 * tensors in place. Registers nothing and never loads the backend.
 */
export {
  backendMemory,
  heapElements,
  heapOffset,
  isSharedMemory,
  type WasmBackendLike,
} from './wasm/backend-memory.js';
