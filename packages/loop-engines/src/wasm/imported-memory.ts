/**
 * The wasm engine in imported-memory mode: the compiled kernel is instantiated over a memory
 * that someone else owns (tfjs's wasm backend heap), and memref arguments are typed-array views
 * of that memory, passed by address: nothing is copied in or out. Each view must leave
 * `BUFFER_PADDING` bytes of memory after it (masked-off vector lanes load there) and use
 * the IR element's byte layout; `canRunInPlace` says whether a view qualifies.
 */
import type { Module } from '@tilekit/loop-ir';
import { expectMemory } from '../argument-checks.js';
import { checkEngineArguments, type EngineCall } from '../signature.js';
import { hostFunctionsFor } from './runtime/host-table.js';
import { instantiateWasmKernelOnMemory, isSharedMemory } from './runtime/kernel-image.js';
import { type WasmEngineOptions, wasmKernelImage } from './wasm-engine.js';

/**
 * Compiles `func.func @fnName` for `memory` (imported; declared shared when `memory` is, as the
 * threaded tfjs wasm backend's heap). The returned call takes the
 * interpreter's arguments, except that every memref's data must be a view of `memory` (see
 * `canRunInPlace`) of the element's byte width; the kernel reads and writes them in place.
 */
export function compileWasmOnMemory(
  module: Module,
  fnName: string,
  memory: WebAssembly.Memory,
  options: WasmEngineOptions = {},
): EngineCall {
  checkEngineArguments(module, fnName, options);
  expectMemory(memory, 'memory');
  const image = wasmKernelImage(module, fnName, options, isSharedMemory(memory));
  return instantiateWasmKernelOnMemory(image, memory, hostFunctionsFor(fnName));
}
