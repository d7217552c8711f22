/**
 * What the kernels use of `@tensorflow/tfjs-backend-wasm`'s backend object: its Emscripten
 * module's memory (exported by the plain and SIMD builds, imported and shared by the threaded
 * one), `malloc`/`free`, and each tensor's byte offset on that heap. Typed structurally, so
 * this package never loads the backend itself.
 */
import type { DataId, DataType, TensorInfo } from '@tensorflow/tfjs-core';
import { WasmBackendError } from './wasm-backend-error.js';

/** The parts of tfjs's `BackendWasm` the kernels read. */
export interface WasmBackendLike {
  readonly wasm: {
    readonly HEAPU8: Uint8Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    /** The module's exports (non-threaded builds export their memory here). */
    readonly asm?: { readonly memory?: WebAssembly.Memory };
    /** The threaded build's shared memory, created by the loader. */
    readonly wasmMemory?: WebAssembly.Memory;
  };
  readonly dataIdMap: { get(dataId: DataId): { memoryOffset: number | null } | undefined };
  makeOutput(shape: number[], dtype: DataType): TensorInfo;
}

/** The `WebAssembly.Memory` every tensor of `backend` lives in. */
export function backendMemory(backend: WasmBackendLike): WebAssembly.Memory {
  const memory = backend.wasm.asm?.memory ?? backend.wasm.wasmMemory;
  if (!(memory instanceof WebAssembly.Memory)) {
    throw new WasmBackendError(
      'the wasm backend exposes no WebAssembly.Memory (expected Module.asm.memory or Module.wasmMemory, as in tfjs-backend-wasm 4.x)',
    );
  }
  return memory;
}

/** Whether `memory` is shared (the threaded build), so an import of it must say so. */
export function isSharedMemory(memory: WebAssembly.Memory): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
}

/**
 * Byte offset of `info`'s data on the backend's heap. Every numeric tensor has one, empty ones
 * included (the backend mallocs zero bytes for them); only string tensors have none.
 */
export function heapOffset(backend: WasmBackendLike, info: TensorInfo): number {
  const offset = backend.dataIdMap.get(info.dataId)?.memoryOffset;
  if (typeof offset !== 'number') {
    throw new WasmBackendError(`tensor ${String(info.dataId)} has no offset on the wasm heap`);
  }
  return offset;
}

/**
 * `info`'s elements as a view of the backend's heap (int32 tensors as `Int32Array`, the rest as
 * `Float32Array`), valid until the heap next grows: an allocation may replace the buffer, so take
 * views again after allocating.
 */
export function heapElements(
  backend: WasmBackendLike,
  info: TensorInfo,
): Float32Array | Int32Array {
  const { buffer } = backend.wasm.HEAPU8;
  const count = info.shape.reduce((size, extent) => size * extent, 1);
  const offset = heapOffset(backend, info);
  return info.dtype === 'int32'
    ? new Int32Array(buffer, offset, count)
    : new Float32Array(buffer, offset, count);
}
