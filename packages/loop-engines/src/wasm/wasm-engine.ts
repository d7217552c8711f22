/**
 * The `wasm` engine: compiles one function of a module to a WebAssembly module with SIMD128
 * (our own encoder, no binaryen), described as a {@link WasmKernelImage}, and instantiates it
 * as a callable with the interpreter's calling convention (runtime/kernel-image.ts: every
 * compiled function runs in one shared linear memory, operands copied in and written memrefs
 * copied back per call).
 */

import { describeValue } from '@tilekit/errors';
import type { Module } from '@tilekit/loop-ir';
import { encodeModule } from '@tilekit/wasm-encoder';
import { EngineArgumentError, EngineUnsupportedError } from '../errors.js';
import { checkVectorLanes } from '../lane-limit.js';
import {
  checkEngineArguments,
  type EngineCall,
  type EngineSignature,
  readSignature,
  writtenMemRefs,
} from '../signature.js';
import { type WhileBoundOption, whileBoundOf } from '../while-bound.js';
import { compileFunction } from './lowering/compile-function.js';
import { HostImports } from './lowering/host-imports.js';
import { accumulateRowsInRegisters } from './lowering/row-accumulation.js';
import { HOST_TABLE, hostFunctionsFor } from './runtime/host-table.js';
import { instantiateWasmKernel, type WasmKernelImage } from './runtime/kernel-image.js';

/** Options of the wasm engine. */
export interface WasmEngineOptions extends WhileBoundOption {
  /** The value of `vector.vscale` the code is compiled for (default 1). */
  readonly vscale?: number;
  /**
   * Whether a loop addresses the rank-1 memrefs it indexes by its induction variable through
   * pointers it advances (default true; see lowering/induction-pointers.ts). `false` computes
   * every address from its indices: slower loops, but a few percent less code, for kernels
   * shipped inside a bundle with a size goal.
   */
  readonly inductionPointers?: boolean;
}

/** The compiled wasm binary and its import needs (exposed for inspection and tests). */
export interface WasmArtifact {
  readonly bytes: Uint8Array;
  readonly signature: EngineSignature;
  readonly host: HostImports;
}

/**
 * Locals (parameters included) one function may declare: V8's limit (`kV8MaxWasmFunctionLocals`),
 * shared by the JS embedding API; beyond it `new WebAssembly.Module` fails with an untyped
 * CompileError.
 */
export const MAX_WASM_LOCALS = 50_000;

/**
 * Compiles `func.func @fnName` to a wasm binary importing `env.memory`, declared shared when
 * `sharedMemory` is true (to run over a shared `WebAssembly.Memory`, see `imported-memory.ts`).
 */
export function buildWasm(
  module: Module,
  fnName: string,
  options: WasmEngineOptions = {},
  sharedMemory = false,
): WasmArtifact {
  checkEngineArguments(module, fnName, options);
  if (typeof sharedMemory !== 'boolean')
    throw new EngineArgumentError(
      'sharedMemory',
      `must be a boolean, got ${describeValue(sharedMemory)}`,
    );
  const vscale = options.vscale ?? 1;
  if (!Number.isInteger(vscale) || vscale < 1)
    throw new EngineArgumentError(
      'options.vscale',
      `must be a positive integer, got ${describeValue(vscale)}`,
    );
  const inductionPointers = options.inductionPointers ?? true;
  if (typeof inductionPointers !== 'boolean')
    throw new EngineArgumentError(
      'options.inductionPointers',
      `must be a boolean, got ${describeValue(inductionPointers)}`,
    );
  const whileBound = whileBoundOf(options);
  const signature = readSignature(module, fnName);
  checkVectorLanes(signature.func, vscale);
  const host = new HostImports(HOST_TABLE);
  const compiler = compileFunction(accumulateRowsInRegisters(signature.func), host, {
    vscale,
    inductionPointers,
    whileBound,
  });
  const locals = compiler.f.params.length + compiler.f.localCount;
  if (locals > MAX_WASM_LOCALS) {
    throw new EngineUnsupportedError(
      `@${fnName} needs ${locals} wasm locals at once (values live together, v128 parts, parameters); WebAssembly engines allow at most ${MAX_WASM_LOCALS} per function`,
    );
  }
  const bytes = encodeModule({
    memoryMinPages: 1,
    memoryShared: sharedMemory,
    imports: host.imports,
    functions: [{ name: 'kernel', body: compiler.f }],
  });
  return { bytes, signature, host };
}

/**
 * Compiles `func.func @fnName` to a {@link WasmKernelImage}: the kernel as data, which
 * `instantiateWasmKernel` (or, with `sharedMemory`, `instantiateWasmKernelOnMemory` over a
 * shared memory) runs without the compiler, given `wasmHostFunctions` where it has host imports.
 */
export function wasmKernelImage(
  module: Module,
  fnName: string,
  options: WasmEngineOptions = {},
  sharedMemory = false,
): WasmKernelImage {
  const { bytes, signature, host } = buildWasm(module, fnName, options, sharedMemory);
  return {
    functionName: fnName,
    bytes,
    sharedMemory,
    inputs: signature.inputs,
    results: signature.results,
    written: [...writtenMemRefs(signature.func)].sort((a, b) => a - b),
    hostImports: host.imports.map((h) => h.name),
  };
}

/** Compiles `func.func @fnName` into a callable running on WebAssembly. */
export function compileWasm(
  module: Module,
  fnName: string,
  options: WasmEngineOptions = {},
): EngineCall {
  return instantiateWasmKernel(wasmKernelImage(module, fnName, options), hostFunctionsFor(fnName));
}
