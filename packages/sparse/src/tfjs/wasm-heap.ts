/**
 * What the sparse ops use of `@tensorflow/tfjs-backend-wasm`'s backend: its heap memory,
 * `malloc`/`free`, tensors' heap offsets and `makeOutput` over memory we allocated. Typed
 * structurally: this package never loads the wasm backend. Sparse operands (immutable) are
 * copied onto the heap once per backend and freed when the SparseTensor is collected.
 */
import type * as tf from '@tensorflow/tfjs-core';
import { BUFFER_PADDING } from '@tilekit/loop-engines';
import type { SparseTensor } from '../sparse-tensor/sparse-tensor.js';

/** The parts of tfjs's `BackendWasm` the sparse ops read. */
export interface WasmHeapBackend {
  readonly wasm: {
    readonly HEAPU8: Uint8Array;
    _malloc(bytes: number): number;
    _free(pointer: number): void;
    readonly asm?: { readonly memory?: WebAssembly.Memory };
    readonly wasmMemory?: WebAssembly.Memory;
  };
  readonly dataIdMap: { get(dataId: tf.DataId): { memoryOffset: number | null } | undefined };
  makeOutput(shape: number[], dtype: tf.DataType, memoryOffset?: number): tf.TensorInfo;
}

/** The backend's memory, or null if this is not a tfjs 4.x wasm backend. */
export function heapMemory(backend: WasmHeapBackend): WebAssembly.Memory | null {
  const memory = backend.wasm?.asm?.memory ?? backend.wasm?.wasmMemory;
  return memory instanceof WebAssembly.Memory ? memory : null;
}

type HeapArray = Float32Array | Int32Array | Float64Array | BigInt64Array | Int16Array | Int8Array;
type HeapArrayOf = new (buffer: ArrayBufferLike, byteOffset: number, length: number) => HeapArray;

/** A typed array of the same kind as `like` over the heap (valid until the heap grows). */
export function heapArray<T extends ArrayLike<number | bigint>>(
  backend: WasmHeapBackend,
  like: T,
  pointer: number,
  length: number,
): T {
  const Kind = (like as unknown as { constructor: HeapArrayOf }).constructor;
  return new Kind(backend.wasm.HEAPU8.buffer, pointer, length) as unknown as T;
}

/** A tensor's elements as a view of the heap (its dtype's array kind). */
export function tensorView(
  backend: WasmHeapBackend,
  info: tf.TensorInfo,
): Float32Array | Int32Array {
  const offset = backend.dataIdMap.get(info.dataId)?.memoryOffset ?? 0;
  const length = info.shape.reduce((a, b) => a * b, 1);
  const { buffer } = backend.wasm.HEAPU8;
  return info.dtype === 'int32'
    ? new Int32Array(buffer, offset, length)
    : new Float32Array(buffer, offset, length);
}

/** Heap bytes for `bytes` of data plus the engine's padding, zero-filled. */
export function heapAlloc(backend: WasmHeapBackend, bytes: number): number {
  const pointer = backend.wasm._malloc(bytes + BUFFER_PADDING) >>> 0;
  backend.wasm.HEAPU8.fill(0, pointer, pointer + bytes + BUFFER_PADDING);
  return pointer;
}

/** Pointers of one SparseTensor's arrays on one backend's heap. */
interface ResidentSparse {
  readonly values: number;
  readonly positions: readonly (number | undefined)[];
  readonly coordinates: readonly (number | undefined)[];
}

const resident = new WeakMap<WasmHeapBackend, WeakMap<SparseTensor, ResidentSparse>>();
const release = new FinalizationRegistry<{ backend: WasmHeapBackend; pointers: number[] }>(
  ({ backend, pointers }) => {
    for (const p of pointers) backend.wasm._free(p);
  },
);

/** Copies `array` onto the heap (padded) and returns its pointer. */
function place(backend: WasmHeapBackend, array: ArrayBufferView): number {
  const pointer = heapAlloc(backend, array.byteLength);
  backend.wasm.HEAPU8.set(
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength),
    pointer,
  );
  return pointer;
}

function residentPointers(backend: WasmHeapBackend, s: SparseTensor): ResidentSparse {
  let byTensor = resident.get(backend);
  if (byTensor === undefined) {
    byTensor = new WeakMap();
    resident.set(backend, byTensor);
  }
  let r = byTensor.get(s);
  if (r === undefined) {
    const onHeap = (a: ArrayBufferView | undefined) =>
      a === undefined ? undefined : place(backend, a);
    r = {
      values: place(backend, s.values),
      positions: s.positions.map(onHeap),
      coordinates: s.coordinates.map(onHeap),
    };
    byTensor.set(s, r);
    const pointers = [r.values, ...r.positions, ...r.coordinates].filter(
      (p): p is number => p !== undefined,
    );
    release.register(s, { backend, pointers });
  }
  return r;
}

/** Heap views of a SparseTensor's arrays, copied onto the heap on first use only. */
export function residentArrays(
  backend: WasmHeapBackend,
  s: SparseTensor,
): Pick<SparseTensor, 'values' | 'positions' | 'coordinates'> {
  const r = residentPointers(backend, s);
  const view = <T extends ArrayLike<number | bigint>>(a: T | undefined, p: number | undefined) =>
    a === undefined || p === undefined ? undefined : heapArray(backend, a, p, a.length);
  return {
    values: view(s.values, r.values)!,
    positions: s.positions.map((a, l) => view(a, r.positions[l])),
    coordinates: s.coordinates.map((a, l) => view(a, r.coordinates[l])),
  };
}
