/**
 * A sparse op's wasm-backend kernel over a shared heap (as the threaded tfjs wasm build has)
 * runs the engine in place on that heap, like over a plain one: checked with a minimal backend
 * object whose memory is a shared `WebAssembly.Memory`, and a copying fallback that must not run.
 */
import type * as tf from '@tensorflow/tfjs-core';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';
import { SparseTensor, sparsify } from '../../src/index.js';
import type { WasmHeapBackend } from '../../src/tfjs/wasm-heap.js';
import { wasmSparseKernel } from '../../src/tfjs/wasm-kernel.js';
import { denseEvaluate, randomDense } from '../sparsify/fixtures.js';

const ROWS = 29;
const COLS = 41;
const SPMV = 'y(i) = A(i,j) * x(j)';

/** The parts of tfjs's wasm backend the kernel reads, over `memory`, with a bump allocator. */
function heapBackend(memory: WebAssembly.Memory) {
  let top = 1024;
  const offsets = new Map<tf.DataId, number>();
  const backend: WasmHeapBackend = {
    wasm: {
      get HEAPU8() {
        return new Uint8Array(memory.buffer);
      },
      _malloc: (bytes: number) => {
        const pointer = top;
        top += Math.ceil(bytes / 16) * 16;
        return pointer;
      },
      _free: () => {},
      asm: { memory },
    },
    dataIdMap: { get: (dataId) => ({ memoryOffset: offsets.get(dataId) ?? null }) },
    makeOutput: (shape, dtype, memoryOffset) => {
      const dataId = {};
      offsets.set(dataId, memoryOffset ?? backend.wasm._malloc(4 * shape[0]!));
      return { dataId, shape, dtype };
    },
  };
  /** A float32 tensor of `values` on the heap. */
  const tensor = (values: Float32Array): tf.TensorInfo =>
    backend.makeOutput([values.length], 'float32', placed(values));
  const placed = (values: Float32Array): number => {
    const pointer = backend.wasm._malloc(values.byteLength + 64);
    new Float32Array(memory.buffer, pointer, values.length).set(values);
    return pointer;
  };
  const read = (info: tf.TensorInfo): Float32Array =>
    new Float32Array(memory.buffer, offsets.get(info.dataId)!, info.shape[0]!).slice();
  return { backend, tensor, read };
}

describe('wasmSparseKernel', () => {
  it.each([false, true])('runs in place on a heap whose memory is shared: %s', (shared) => {
    const memory = new WebAssembly.Memory(
      shared ? { initial: 8, maximum: 8, shared: true } : { initial: 8 },
    );
    const dense = randomDense([ROWS, COLS], { density: 0.25, seed: 5 });
    const xValues = randomDense([COLS], { density: 1, seed: 6 });
    const kernel = sparsify(SPMV, { A: 'CSR' });
    const kernelFunc = wasmSparseKernel({
      kernel,
      module: vectorize(kernel.module, { vectorLength: 8, enableSIMDIndex32: true }).module,
      engine: 'wasm',
      vscale: 1,
      dtype: 'float32',
      copyingRun: () => {
        throw new Error('the copying fallback ran');
      },
    });
    const { backend, tensor, read } = heapBackend(memory);
    const A = SparseTensor.fromDense(dense, [ROWS, COLS], 'CSR', { dtype: 'float32' });
    const output = kernelFunc({
      inputs: { x: tensor(Float32Array.from(xValues)) },
      backend: backend as unknown as tf.KernelBackend,
      attrs: { operands: { A } } as unknown as tf.NamedAttrMap,
    }) as tf.TensorInfo;

    const expected = denseEvaluate(
      SPMV,
      { A: { data: dense, shape: [ROWS, COLS] }, x: { data: xValues, shape: [COLS] } },
      new Float64Array(ROWS),
    );
    expect(Array.from(read(output))).toEqual(Array.from(Float32Array.from(expected)));
    expect(read(output).some((v) => v !== 0)).toBe(true);
  });
});
