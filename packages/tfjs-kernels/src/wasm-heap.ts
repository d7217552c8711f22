/**
 * `@tilekit/tfjs-kernels/wasm-heap`: moved to `@tilekit/tfjs-backend-support/wasm-heap`; kept
 * until `@tilekit/sparse` imports it from there.
 */
export {
  backendMemory,
  heapElements,
  type WasmBackendLike,
} from '@tilekit/tfjs-backend-support/wasm-heap';
