/**
 * What wasm kernels use of `@tensorflow/tfjs-backend-wasm`'s backend object: its Emscripten
 * module's memory (exported by the plain and SIMD builds, imported and shared by the threaded
 * one), `malloc`/`free`, and each tensor's byte offset on that heap. Typed structurally, so
 * this package never loads the backend itself.
 */

import type { DataId, DataType, TensorInfo } from '@tensorflow/tfjs-core';
import { INT32_MAX } from '@tilekit/errors';
import { WasmBackendError } from '../errors.js';
import { expectArgument } from '../pass-arguments.js';

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
  expectWasmBackend(backend, 'backendMemory');
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
  expectArgument(
    memory instanceof WebAssembly.Memory,
    'isSharedMemory',
    'memory',
    'a WebAssembly.Memory',
    memory,
  );
  return typeof SharedArrayBuffer !== 'undefined' && memory.buffer instanceof SharedArrayBuffer;
}

/**
 * Byte offset of `info`'s data on the backend's heap. Every numeric tensor has one, empty ones
 * included (the backend mallocs zero bytes for them); only string tensors have none.
 */
export function heapOffset(backend: WasmBackendLike, info: TensorInfo): number {
  expectWasmBackend(backend, 'heapOffset');
  elementCountOf(info, 'heapOffset');
  const offset = backend.dataIdMap.get(info.dataId)?.memoryOffset;
  if (typeof offset !== 'number') {
    throw new WasmBackendError(
      `a ${info.dtype} tensor of shape [${info.shape}] has no offset on the wasm heap`,
    );
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
  expectWasmBackend(backend, 'heapElements');
  const count = elementCountOf(info, 'heapElements');
  const { buffer } = backend.wasm.HEAPU8;
  const offset = heapOffset(backend, info);
  if (offset + count * 4 > buffer.byteLength) {
    throw new WasmBackendError(
      `a ${info.dtype} tensor of ${count} elements at byte ${offset} lies past the wasm heap (${buffer.byteLength} bytes)`,
    );
  }
  return info.dtype === 'int32'
    ? new Int32Array(buffer, offset, count)
    : new Float32Array(buffer, offset, count);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/**
 * `backend` has the parts of tfjs-backend-wasm's backend these functions read (its module's
 * heap and the tensor table), or a BackendArgumentError of `op` naming it: another backend
 * object (the cpu backend, say) must not fail inside with a TypeError.
 */
function expectWasmBackend(backend: unknown, op: string): asserts backend is WasmBackendLike {
  const wasm = isObject(backend) ? backend.wasm : undefined;
  const table = isObject(backend) ? backend.dataIdMap : undefined;
  expectArgument(
    isObject(wasm) &&
      wasm.HEAPU8 instanceof Uint8Array &&
      isObject(table) &&
      typeof table.get === 'function',
    op,
    'backend',
    "tfjs-backend-wasm's backend (tf.backend() while 'wasm' is active)",
    backend,
  );
}

/** The element count of `info` (a TensorInfo: dataId, shape, dtype), or a BackendArgumentError. */
function elementCountOf(info: unknown, op: string): number {
  const shape = isObject(info) ? info.shape : undefined;
  const valid =
    isObject(info) &&
    'dataId' in info &&
    typeof info.dtype === 'string' &&
    Array.isArray(shape) &&
    shape.length <= 8 &&
    shape.every((d) => Number.isInteger(d) && (d as number) >= 0);
  const count = valid ? (shape as number[]).reduce((a, b) => a * b, 1) : Number.NaN;
  expectArgument(
    count <= INT32_MAX,
    op,
    'info',
    'a TensorInfo (dataId, dtype, a shape of at most 8 non-negative integer extents and under 2^31 elements)',
    info,
  );
  return count;
}
