/**
 * The typing of tfjs-backend-wasm's internals (the wasm kernels of @tilekit/tfjs-kernels and
 * @tilekit/sparse read tensors through it) against the real backend: heap views hold exactly the
 * tensor's elements for any shape (empty ones included), tensors without heap data and backends
 * without a memory raise `WasmBackendError`, other backends a `BackendArgumentError`, and
 * nothing is allocated or changed on the way.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BackendArgumentError, WasmBackendError } from '../src/index.js';
import {
  backendMemory,
  heapElements,
  heapOffset,
  isSharedMemory,
  type WasmBackendLike,
} from '../src/wasm-heap.js';
import { tf, useBackend } from './support/backends.js';

const wasmBackend = (): WasmBackendLike => tf.backend() as unknown as WasmBackendLike;

describe('wasm backend memory', () => {
  it('views exactly the elements of int32 and float32 tensors of any shape', async () => {
    await useBackend('wasm');
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 3 }),
        fc.constantFrom<'int32' | 'float32'>('int32', 'float32'),
        fc.integer({ min: -1000, max: 1000 }),
        async (shape, dtype, salt) => {
          const size = shape.reduce((a, b) => a * b, 1);
          const values = Array.from({ length: size }, (_, k) => (k * 7 + salt) % 97);
          const t = tf.tensor(values, shape, dtype);
          const before = tf.memory().numBytes;
          const view = heapElements(wasmBackend(), t);
          expect(view).toBeInstanceOf(dtype === 'int32' ? Int32Array : Float32Array);
          expect(view.byteOffset).toBe(heapOffset(wasmBackend(), t));
          expect(view.buffer).toBe(backendMemory(wasmBackend()).buffer);
          expect(Array.from(view)).toEqual(values);
          expect(tf.memory().numBytes).toBe(before);
          t.dispose();
        },
      ),
      { seed: 25, numRuns: 60 },
    );
  });

  it('raises WasmBackendError for a tensor with no heap data and for a backend with no memory', async () => {
    await useBackend('wasm');
    const text = tf.tensor(['a', 'bc']);
    expect(() => heapOffset(wasmBackend(), text)).toThrow(WasmBackendError);
    expect(() => heapElements(wasmBackend(), text)).toThrow(/no offset on the wasm heap/);
    text.dispose();
    const memoryless = {
      ...wasmBackend(),
      wasm: { ...wasmBackend().wasm, asm: {}, wasmMemory: undefined },
    } as unknown as WasmBackendLike;
    expect(() => backendMemory(memoryless)).toThrow(WasmBackendError);
  });

  it('tells a shared memory from a plain one; the cpu backend is no wasm backend', async () => {
    expect(isSharedMemory(new WebAssembly.Memory({ initial: 1 }))).toBe(false);
    expect(isSharedMemory(new WebAssembly.Memory({ initial: 1, maximum: 1, shared: true }))).toBe(
      true,
    );
    expect(() => isSharedMemory({} as never)).toThrow(BackendArgumentError);
    await useBackend('cpu');
    const t = tf.tensor([1, 2]);
    for (const read of [backendMemory, (b: WasmBackendLike) => heapOffset(b, t)]) {
      expect(() => read(tf.backend() as unknown as WasmBackendLike)).toThrow(
        /must be tfjs-backend-wasm's backend/,
      );
    }
    t.dispose();
  });
});
