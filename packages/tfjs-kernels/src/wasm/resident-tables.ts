/**
 * Move tables (plans, strided stretch lists) copied onto the wasm heap once and kept there as
 * long as the table object lives: tables come from bounded caches, and when one is collected
 * its heap copy is freed, so a repeated relayout copies no table.
 */

import type { WasmBackendLike } from '@tilekit/tfjs-backend-support/wasm-heap';
import { weakGetOrInsert } from '../util/weak-cache.js';

const byBackend = new WeakMap<WasmBackendLike, WeakMap<Int32Array, number>>();

/** Frees a table's heap copy once the table object is collected. */
const release = new FinalizationRegistry<{ backend: WasmBackendLike; pointer: number }>(
  ({ backend, pointer }) => backend.wasm._free(pointer),
);

/** Byte offset on `backend`'s heap of a copy of `table` (made on first use). */
export function residentTable(backend: WasmBackendLike, table: Int32Array): number {
  const tables = weakGetOrInsert(byBackend, backend, () => new WeakMap<Int32Array, number>());
  return weakGetOrInsert(tables, table, () => {
    const pointer = backend.wasm._malloc(Math.max(table.byteLength, 4)) >>> 0;
    // After malloc: a grown heap has a new buffer, and HEAPU8 already views it.
    new Int32Array(backend.wasm.HEAPU8.buffer, pointer, table.length).set(table);
    release.register(table, { backend, pointer });
    return pointer;
  });
}
