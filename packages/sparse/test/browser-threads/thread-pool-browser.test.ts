/**
 * `SparseThreadPool` in a cross-origin isolated page (headless Chromium, COOP/COEP headers):
 * module workers beside the page's thread. SpMV and SpMM over seeded random CSR matrices (f64
 * and f32; uniform, power-law and empty rows), with plain, shared and pool arrays, split their
 * rows between the page and a worker, give `runKernel`'s result bit for bit on every call,
 * and a worker does run blocks. SpGEMM, whose blocks come back as answers a page cannot read
 * while it waits, runs on the page's thread with the same result.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type KernelOperand, runKernel, SparseTensor, type ValueArray } from '../../src/index.js';
import { SparseThreadPool } from '../../src/threads/index.js';
import { randomRowMatrix as randomMatrix } from '../support/random-rows.js';
import { expectSameBits } from '../support/same-bits.js';

type ValueType = 'f32' | 'f64';
const ARRAY = { f32: Float32Array, f64: Float64Array } as const;
const K = 8;

function randomDense(
  random: () => number,
  length: number,
  valueType: ValueType,
): Float32Array | Float64Array {
  const data = new ARRAY[valueType](length);
  for (let k = 0; k < length; k++) data[k] = random() * 2 - 1;
  return data;
}

let pool: SparseThreadPool;

beforeAll(async () => {
  pool = await SparseThreadPool.create({ threads: 2, minBlockWork: 1 });
});

afterAll(async () => {
  await pool.dispose();
});

/** Waits a moment on the event loop (the page's thread never waits while a call runs). */
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('SparseThreadPool in a cross-origin isolated page', () => {
  it('has module workers: two threads, nothing unavailable', () => {
    expect(globalThis.crossOriginIsolated).toBe(true);
    expect(pool.unavailable).toBeUndefined();
    expect(pool.threads).toBe(2);
  });

  it('splits SpMV and SpMM with the workers, as runKernel computes them, bit for bit', async () => {
    for (const valueType of ['f64', 'f32'] as const) {
      const options = { valueType, vectorize: { vectorLength: 8, enableSIMDIndex32: true } };
      const spmv = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, options);
      const spmm = pool.kernel('C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, options);
      const random = seededRandom(valueType === 'f64' ? 71 : 72);
      let workerBlocks = 0;
      for (const shape of ['uniform', 'power-law', 'empty'] as const) {
        const rows = 600 + Math.floor(random() * 600);
        const cols = 50 + Math.floor(random() * 300);
        const A = randomMatrix(random, rows, cols, shape, valueType);
        const x = randomDense(random, cols, valueType);
        const X = randomDense(random, cols * K, valueType);
        const shared = new ARRAY[valueType](
          new SharedArrayBuffer(X.byteLength) as unknown as ArrayBuffer,
        );
        shared.set(X);
        const inPool = pool.array(ARRAY[valueType], X.length);
        inPool.data.set(X);
        const out = pool.array(ARRAY[valueType], rows * K);
        const denseX = [X, shared, inPool.data];
        // Calls until a worker has run blocks: the first calls may find it still loading.
        for (let call = 0; call < 40; call++) {
          const vector = { A, x: { data: x, shape: [cols] } } as Record<string, KernelOperand>;
          expectSameBits(spmv.run(vector), runKernel(spmv.kernel, spmv.fn, vector));
          expect(spmv.lastCallThreads).toBe(2);
          workerBlocks += spmv.lastCallWorkerBlocks;
          const data = denseX[call % denseX.length] as ValueArray;
          const matrix = { A, B: { data, shape: [cols, K] } } as Record<string, KernelOperand>;
          const want = runKernel(spmm.kernel, spmm.fn, matrix);
          expectSameBits(spmm.run(matrix), want);
          workerBlocks += spmm.lastCallWorkerBlocks;
          // In place: X and the output in the pool memory.
          const inPlace = { A, B: { data: inPool.data, shape: [cols, K] } };
          spmm.run(inPlace as Record<string, KernelOperand>, out.data);
          expectSameBits(out.data, runKernel(spmm.kernel, spmm.fn, inPlace as never));
          workerBlocks += spmm.lastCallWorkerBlocks;
          if (workerBlocks > 0 && call >= 3) break;
          await tick();
        }
        inPool.dispose();
        out.dispose();
      }
      expect(workerBlocks).toBeGreaterThan(0);
    }
  });

  it("throws runKernel's error where a worker's block fails", async () => {
    const divide = pool.kernel('y(i) = A(i,j) / x(j)', { A: 'CSR' }, { valueType: 'i32' });
    // Only the last rows divide by x's zero: the block that fails is the worker's.
    const rows = 2000;
    const tuples = Array.from({ length: rows }, (_, r) => [r, r >= rows - 100 ? 2 : r % 2]);
    const A = SparseTensor.fromCoordinates(
      tuples,
      tuples.map((_, k) => 5 + k),
      [rows, 3],
      'CSR',
      {
        dtype: 'int32',
      },
    );
    const operands = { A, x: { data: Int32Array.from([3, 4, 0]), shape: [3] } };
    const expected = (() => {
      try {
        runKernel(divide.kernel, divide.fn, operands);
      } catch (error) {
        return error as Error;
      }
      throw new Error('runKernel did not throw');
    })();
    expect(expected.message).toMatch(/divide by zero/);
    let failedOnWorker = 0;
    for (let call = 0; call < 40 && failedOnWorker < 2; call++) {
      expect(() => divide.run(operands)).toThrow(expected.message);
      expect(divide.lastCallThreads).toBe(2);
      failedOnWorker += divide.lastCallWorkerBlocks;
      await tick();
    }
    expect(failedOnWorker).toBeGreaterThan(0);
    // The pool works on afterwards.
    const fine = { A, x: { data: Int32Array.from([3, 4, 5]), shape: [3] } };
    expectSameBits(divide.run(fine), runKernel(divide.kernel, divide.fn, fine));
  });

  it('runs SpGEMM, whose blocks would come back as answers, on the page thread', () => {
    const spgemm = pool.kernel(
      'C(i,j) = A(i,k) * B(k,j)',
      { A: 'CSR', B: 'CSR', C: 'CSR' },
      { valueType: 'f64' },
    );
    const random = seededRandom(73);
    const A = randomMatrix(random, 900, 200, 'uniform', 'f64');
    const B = randomMatrix(random, 200, 300, 'power-law', 'f64');
    const operands = { A, B } as Record<string, KernelOperand>;
    expectSameBits(spgemm.run(operands), runKernel(spgemm.kernel, spgemm.fn, operands));
    expect(spgemm.lastCallThreads).toBe(1);
    expect(spgemm.lastCallWorkerBlocks).toBe(0);
  });
});
