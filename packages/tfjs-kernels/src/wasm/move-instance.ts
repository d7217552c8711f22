/**
 * One instance of the move module per backend memory, built for what the memory and the host
 * support: SIMD where the host validates it (else 64-bit words), a shared import where the
 * memory is shared.
 */

import { WasmBackendError } from '@tilekit/tfjs-backend-support';
import { isSharedMemory } from '@tilekit/tfjs-backend-support/wasm-heap';
import { moveModuleBytes } from './move-module.js';

/** The move module's exports (see `move-module.ts`); all addresses are heap byte offsets. */
export interface MoveExports {
  moves(plan: number, count: number, dst: number, src: number, shift: number): void;
  strided(table: number, count: number, dst: number, src: number, shift: number): void;
  fill32(dst: number, count: number, bits: number): void;
  fill8(dst: number, count: number, byte: number): void;
}

const instances = new WeakMap<WebAssembly.Memory, MoveExports>();

/** Compiled modules by (simd, shared): the bytes are the same for every memory of a kind. */
const modules = new Map<string, WebAssembly.Module>();

function compiledModule(shared: boolean): WebAssembly.Module {
  for (const simd of [true, false]) {
    const key = `${simd}/${shared}`;
    const cached = modules.get(key);
    if (cached) return cached;
    const bytes = moveModuleBytes({ simd, shared });
    if (!WebAssembly.validate(bytes)) continue;
    const module = new WebAssembly.Module(bytes);
    modules.set(key, module);
    return module;
  }
  throw new WasmBackendError(
    `this host cannot compile the move module (needs bulk memory${shared ? ' and shared memory' : ''})`,
  );
}

/** The move module instantiated over `memory` (once per memory). */
export function moveInstance(memory: WebAssembly.Memory): MoveExports {
  let exports = instances.get(memory);
  if (exports === undefined) {
    const module = compiledModule(isSharedMemory(memory));
    const instance = new WebAssembly.Instance(module, { env: { memory } });
    exports = instance.exports as unknown as MoveExports;
    instances.set(memory, exports);
  }
  return exports;
}
