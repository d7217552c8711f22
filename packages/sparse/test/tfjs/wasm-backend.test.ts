/**
 * The sparse ops on tfjs's wasm backend (operands read in place on its heap) equal the same ops
 * on the cpu backend bit for bit, leave no tensors behind, and do not grow the heap per call
 * (sparse operands are placed on the heap once, dense ones are never copied).
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import * as ops from '../../src/tfjs/index.js';
import { randomDense } from '../sparsify/fixtures.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';

tf.env().set('IS_TEST', true);

const bits = (t: tf.Tensor) => Array.from(new Uint32Array(Float32Array.from(t.dataSync()).buffer));

/** Runs `run` on `backend` (inputs made inside it) and returns the result's bits and shape. */
async function on(backend: 'cpu' | 'wasm', run: () => tf.Tensor) {
  expect(await tf.setBackend(backend)).toBe(true);
  const before = tf.memory().numTensors;
  const out = tf.tidy(run);
  const result = { shape: out.shape, bits: bits(out) };
  out.dispose();
  expect(tf.memory().numTensors).toBe(before);
  return result;
}

const dense = (rows: number, cols: number, density: number, seed: number) =>
  Float32Array.from(randomDense([rows, cols], { density, seed }));

const CASES: Record<string, () => tf.Tensor> = {
  'spmv CSR': () => {
    const A = SparseTensor.fromDense(dense(67, 45, 0.2, 1), [67, 45], 'CSR');
    return ops.spmv(A, tf.tensor1d(dense(45, 1, 1, 2)));
  },
  'spmv COO': () => {
    const A = SparseTensor.fromDense(dense(33, 70, 0.1, 3), [33, 70], 'COO');
    return ops.spmv(A, tf.tensor1d(dense(70, 1, 1, 4)));
  },
  spmm: () => {
    const A = ops.sparseTensorFromTensor(tf.tensor2d(dense(29, 31, 0.3, 5), [29, 31]), 'DCSR');
    return ops.spmm(A, tf.tensor2d(dense(31, 6, 1, 6), [31, 6]));
  },
  sddmm: () =>
    ops.sddmm(
      SparseTensor.fromDense(dense(17, 13, 0.3, 7), [17, 13], 'CSR'),
      tf.tensor2d(dense(17, 5, 1, 8), [17, 5]),
      tf.tensor2d(dense(5, 13, 1, 9), [5, 13]),
    ),
  sparseDot: () =>
    ops.sparseDot(
      SparseTensor.fromDense(dense(1, 90, 0.2, 10), [90], 'sparse-vector'),
      tf.tensor1d(dense(1, 90, 1, 11)),
    ),
  'sparseOp (js engine)': () =>
    ops.sparseOp(
      'y(i) = A(i,j) * x(j)',
      { A: 'CSR' },
      { engine: 'js' },
    )(
      SparseTensor.fromDense(dense(20, 20, 0.3, 12), [20, 20], 'CSR'),
      tf.tensor1d(dense(20, 1, 1, 13)),
    ),
};

describe('sparse ops on the wasm backend', () => {
  it.each(Object.keys(CASES))('%s equals the cpu backend bit for bit', async (name) => {
    const run = CASES[name]!;
    const cpu = await on('cpu', run);
    expect(await on('wasm', run)).toEqual(cpu);
    expect(cpu.bits.some((b) => b !== 0)).toBe(true);
  });

  it('repeated calls neither leak tensors nor grow the heap', async () => {
    await tf.setBackend('wasm');
    const A = SparseTensor.fromDense(dense(256, 256, 0.05, 14), [256, 256], 'CSR');
    const x = tf.tensor1d(dense(256, 1, 1, 15));
    const heap = () => (tf.backend() as unknown as { wasm: { HEAPU8: Uint8Array } }).wasm.HEAPU8;
    ops.spmv(A, x).dispose();
    const tensors = tf.memory().numTensors;
    const size = heap().length;
    for (let k = 0; k < 100; k++) ops.spmv(A, x).dispose();
    expect(tf.memory().numTensors).toBe(tensors);
    expect(heap().length).toBe(size);
    x.dispose();
  });
});
