/**
 * The WebAssembly binary encoder the wasm engine generates its modules with, for packages that
 * assemble small modules of their own (tfjs-kernels' move module): a function body builder that
 * takes instructions by their text-format names, and a module encoder for an imported memory,
 * imported host functions and defined (optionally exported) functions. One encoder in the
 * repository, so opcodes, alignment hints and LEB128 immediates are written in one place.
 *
 * @packageDocumentation
 */
export { FunctionBuilder, UnknownInstructionError } from './wasm/function-builder.js';
export {
  encodeModule,
  type FunctionExport,
  type FunctionImport,
  type ModuleParts,
} from './wasm/module-encoder.js';
export { VALTYPE, type ValType } from './wasm/opcodes.js';
