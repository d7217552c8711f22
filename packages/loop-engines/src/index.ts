/**
 * @tilekit/loop-engines: engines that run `@tilekit/loop-ir` functions — the reference
 * interpreter, generated JavaScript and WebAssembly SIMD — behind one `compile` call, and the
 * WGSL and GLSL shader generators for WebGPU and WebGL.
 */

export { type CompileOptions, compile, ENGINES, type EngineName } from './compile.js';
export { EngineError } from './engine-error.js';
export { EngineArgumentError, EngineRuntimeError, EngineUnsupportedError } from './errors.js';
export {
  compileGlsl,
  type GlslOptions,
  type GlslPass,
  type GlslProgram,
  PREVIOUS_OUTPUT,
  QUAD_ELEMENTS,
  QUAD_PASSES,
  type QuadPass,
} from './glsl/glsl-engine.js';
export { compileJs, generateJsSource, type JsEngineOptions } from './js/js-engine.js';
export { IndexRangeError } from './js/js-runtime.js';
export { checkVectorLanes } from './lane-limit.js';
export { type LaunchSizes, type PassLaunch, passLaunch } from './shader/compile-passes.js';
export {
  type PassPlan,
  type PassSchedule,
  type RowLengthSource,
  SCHEDULE_UNIFORMS,
  type ScheduleLaunch,
  scheduleLaunch,
  scheduleLaunchFor,
} from './shader/pass-schedule.js';
export {
  type SimulatedAccess,
  type SimulatedInvocation,
  type SimulationInput,
  simulateInvocations,
  type WarpAccess,
  warpAccesses,
} from './shader/simulate-invocations.js';
export type { EngineCall } from './signature.js';
// Imported-memory mode: kernels run over a WebAssembly.Memory someone else owns (tfjs's wasm heap).
export { compileWasmOnMemory } from './wasm/imported-memory.js';
export {
  type EngineArray,
  type EngineArrayType,
  engineArray,
} from './wasm/runtime/engine-arrays.js';
// Kernels as data: compiled ahead of time (wasmKernelImage), run without the compiler.
export { HOST_TABLE as wasmHostFunctions } from './wasm/runtime/host-table.js';
export {
  canRunInPlace,
  instantiateWasmKernel,
  instantiateWasmKernelOnMemory,
  isSharedMemory,
  type WasmHostFunctions,
  type WasmKernelImage,
} from './wasm/runtime/kernel-image.js';
export { BUFFER_PADDING } from './wasm/runtime/memory-layout.js';
export { markOverwritten, whileOverwritten } from './wasm/runtime/overwritten-arrays.js';
export { isMarkedImmutable, markImmutable } from './wasm/runtime/resident-inputs.js';
export {
  buildWasm,
  compileWasm,
  MAX_WASM_LOCALS,
  type WasmArtifact,
  type WasmEngineOptions,
  wasmKernelImage,
} from './wasm/wasm-engine.js';
export {
  compileWgsl,
  OUTPUT_BUFFER,
  WGSL_WORKGROUP_SIZE,
  type WgslOptions,
  type WgslPass,
  type WgslProgram,
  type WgslUniform,
} from './wgsl/wgsl-engine.js';
