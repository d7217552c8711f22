/**
 * `@tilekit/tfjs-backend-support`: what tilekit's tfjs kernel packages share at the op
 * boundary, backend-free: running a kernel through the engine with the register-entry remedy
 * when it is missing, options objects with "did you mean", describing what a caller passed, and
 * the errors. The backend plumbing lives in the `./webgl-passes`, `./webgpu-passes` and
 * `./wasm-heap` entries (their declarations name the optional backends' types). Registers
 * nothing.
 */
export { describeValue } from './describe-value.js';
export {
  BackendArgumentError,
  BackendSupportError,
  KernelNotRegisteredError,
  WasmBackendError,
} from './errors.js';
export { optionsProblem } from './options-object.js';
export type { RegisterEntries } from './register-remedy.js';
export { runRegisteredKernel } from './run-kernel.js';
