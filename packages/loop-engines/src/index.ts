/**
 * @tilekit/loop-engines: engines that run `@tilekit/loop-ir` functions — the reference
 * interpreter, generated JavaScript and WebAssembly SIMD — behind one `compile` call.
 */

export { EngineError } from './engine-error.js';
export {
  BUFFER_PADDING,
  buildWasm,
  type CompileOptions,
  canRunInPlace,
  checkVectorLanes,
  compile,
  compileJs,
  compileWasm,
  compileWasmOnMemory,
  ENGINES,
  EngineArgumentError,
  type EngineCall,
  type EngineName,
  EngineRuntimeError,
  EngineUnsupportedError,
  generateJsSource,
  IndexRangeError,
  type JsEngineOptions,
  MAX_ENGINE_LANES,
  MAX_WASM_LOCALS,
  type WasmArtifact,
  type WasmEngineOptions,
} from './engines/index.js';
