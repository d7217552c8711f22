/**
 * The sparse kernels' wasm-backend kernel function over a shared heap (as the threaded tfjs
 * wasm build has) runs the engine in place on that heap, like over a plain one: checked with a
 * minimal backend object whose memory is a shared `WebAssembly.Memory`.
 */
import type * as tf from '@tensorflow/tfjs-core';
import type { WasmBackendLike } from '@tilekit/tfjs-backend-support/wasm-heap';
import { describe, expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import { lastSparseKernelRun, type SparseKernelAttrs, SparseSpmv } from '../../src/tfjs/index.js';
import { wasmSparseKernel } from '../../src/tfjs/wasm/kernels.js';
import { denseEvaluate, randomDense } from '../sparsify/fixtures.js';

const ROWS = 29;
const COLS = 41;
const SPMV = 'y(i) = A(i,j) * x(j)';

/** The parts of tfjs's wasm backend the kernel reads, over `memory`, with a bump allocator. */
function heapBackend(memory: WebAssembly.Memory) {
  let top = 1024;
  const offsets = new Map<tf.DataId, number>();
  const malloc = (bytes: number) => {
    const pointer = top;
    top += Math.ceil((bytes + 64) / 16) * 16;
    return pointer;
  };
  const backend: WasmBackendLike = {
    wasm: {
      get HEAPU8() {
        return new Uint8Array(memory.buffer);
      },
      _malloc: malloc,
      _free: () => {},
      asm: { memory },
    },
    dataIdMap: { get: (dataId) => ({ memoryOffset: offsets.get(dataId) ?? null }) },
    makeOutput: (shape, dtype) => {
      const dataId = {};
      offsets.set(dataId, malloc(4 * shape.reduce((a, b) => a * b, 1)));
      return { dataId, shape, dtype };
    },
  };
  /** A float32 or int32 tensor of `values` on the heap. */
  const tensor = (values: Float32Array | Int32Array): tf.TensorInfo => {
    const dtype = values instanceof Int32Array ? 'int32' : 'float32';
    const info = backend.makeOutput([values.length], dtype);
    const Kind = values.constructor as Float32ArrayConstructor;
    new Kind(memory.buffer, offsets.get(info.dataId)!, values.length).set(values);
    return info;
  };
  const read = (info: tf.TensorInfo): Float32Array =>
    new Float32Array(memory.buffer, offsets.get(info.dataId)!, info.shape[0]!).slice();
  return { backend, tensor, read };
}

describe('wasm sparse kernel', () => {
  it.each([false, true])('runs in place on a heap whose memory is shared: %s', (shared) => {
    const memory = new WebAssembly.Memory(
      shared ? { initial: 8, maximum: 8, shared: true } : { initial: 8 },
    );
    const dense = randomDense([ROWS, COLS], { density: 0.25, seed: 5 });
    const xValues = randomDense([COLS], { density: 1, seed: 6 });
    const { backend, tensor, read } = heapBackend(memory);
    const A = SparseTensor.fromDense(dense, [ROWS, COLS], 'CSR', { dtype: 'float32' });
    const attrs: SparseKernelAttrs = {
      inputNames: ['A/values', 'A/pos1', 'A/crd1', 'x'],
      formats: JSON.stringify({ A: { levels: A.format.levels, order: A.format.order } }),
      shapes: { A: [ROWS, COLS] },
      scalars: {},
      vectorLength: 8,
      halfWidthShortReductions: true,
      enableVLAVectorization: false,
      enableSIMDIndex32: true,
      vscale: 1,
      engine: 'wasm',
    };
    const output = wasmSparseKernel(SparseSpmv)({
      inputs: [
        tensor(A.values as Float32Array),
        tensor(Int32Array.from(A.positions[1]!, Number)),
        tensor(Int32Array.from(A.coordinates[1]!, Number)),
        tensor(Float32Array.from(xValues)),
      ] as unknown as tf.NamedTensorInfoMap,
      backend: backend as unknown as tf.KernelBackend,
      attrs,
    }) as tf.TensorInfo;
    expect(lastSparseKernelRun()).toMatchObject({ backend: 'wasm', inPlace: true });

    const expected = denseEvaluate(
      SPMV,
      { A: { data: dense, shape: [ROWS, COLS] }, x: { data: xValues, shape: [COLS] } },
      new Float64Array(ROWS),
    );
    expect(Array.from(read(output))).toEqual(Array.from(Float32Array.from(expected)));
    expect(read(output).some((v) => v !== 0)).toBe(true);
  });
});
