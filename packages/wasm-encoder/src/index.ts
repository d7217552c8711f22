/**
 * @tilekit/wasm-encoder: the WebAssembly binary encoder of every tilekit package that writes
 * modules (loop-engines' wasm engine, tfjs-kernels' move module): a function body builder that
 * takes instructions by their text-format names, and a module encoder for an imported memory,
 * imported host functions and defined (optionally exported) functions. One encoder in the
 * repository, so opcodes, alignment hints and LEB128 immediates are written in one place.
 *
 * @packageDocumentation
 */
export { FunctionBuilder } from './function-builder.js';
export {
  encodeModule,
  type FunctionExport,
  type FunctionImport,
  type ModuleParts,
} from './module-encoder.js';
export { ModulePartsError } from './module-parts-check.js';
export { VALTYPE, type ValType } from './opcodes.js';
export { UnknownInstructionError, WasmEncoderError } from './wasm-encoder-error.js';
