/**
 * The pool's shared wasm memory: its allocator keeps live arrays apart and hands out zeroed
 * ones (seeded random allocate/release sequences, against a plain model of the regions), and
 * kernels with a dense output read operands and write outputs that lie there in place, equal
 * to `runKernel` on the calling thread bit for bit: pool arrays as dense operands and outputs,
 * `=` and `+=` kernels, f32, f64 and i32, uniform, power-law and empty rows, pools of 1 to 4
 * threads, the memory growing between calls, arrays disposed and their memory reused, and
 * calls too small to split, which run there on the calling thread.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runKernel, type ValueArray } from '../../src/index.js';
import {
  SparseThreadArgumentError,
  SparseThreadPool,
  SparseThreadPoolError,
} from '../../src/threads/index.js';
import { POOL_PADDING, PoolMemory } from '../../src/threads/pool-memory.js';
import { PoolThreads } from '../../src/threads/pool-threads.js';
import type { RunBlock } from '../../src/threads/protocol.js';
import { randomRowMatrix as randomMatrix, randomValue } from '../support/random-rows.js';
import { expectSameBits } from '../support/same-bits.js';

type ValueType = 'f32' | 'f64' | 'i32';
const ARRAY = { f32: Float32Array, f64: Float64Array, i32: Int32Array } as const;
const VECTORIZE = { vectorLength: 8, enableSIMDIndex32: true, halfWidthShortReductions: true };

/**
 * A pool array of random values for the dense operand of `kernel` (SpMV's x, or SpMM's B of
 * 1-9 columns) over `cols` rows, with its shape and the output's width.
 */
function randomPoolOperand(
  pool: SparseThreadPool,
  kernel: ReturnType<SparseThreadPool['kernel']>,
  random: () => number,
  valueType: ValueType,
  cols: number,
) {
  const spmm = kernel.kernel.plan.output.indices.length === 2;
  const width = spmm ? 1 + Math.floor(random() * 9) : 1;
  const dense = pool.array(ARRAY[valueType], cols * width);
  for (let k = 0; k < dense.length; k++) dense.data[k] = randomValue(random, valueType);
  return { dense, spmm, width, shape: spmm ? [cols, width] : [cols] };
}

describe('PoolMemory allocator', () => {
  it('keeps live arrays apart, padded, zeroed on allocation, across random allocate/release', () => {
    const memory = PoolMemory.create() as PoolMemory;
    expect(memory).toBeInstanceOf(PoolMemory);
    const random = seededRandom(35);
    const live: { array: Float64Array | Int32Array; fill: number }[] = [];
    for (let step = 0; step < 400; step++) {
      if (live.length > 0 && random() < 0.4) {
        const [gone] = live.splice(Math.floor(random() * live.length), 1);
        memory.release(gone!.array);
        continue;
      }
      // Mostly small, sometimes past a page, so that the memory grows.
      const length =
        random() < 0.1 ? 8192 + Math.floor(random() * 70000) : Math.floor(random() * 300);
      const type = random() < 0.5 ? Float64Array : Int32Array;
      const array: Float64Array | Int32Array =
        type === Float64Array
          ? memory.allocate(Float64Array, length)
          : memory.allocate(Int32Array, length);
      expect(array.length).toBe(length);
      expect(array.every((v) => v === 0)).toBe(true);
      expect(array.byteOffset % 16).toBe(0);
      expect(memory.holdsLive(array)).toBe(true);
      const fill = step + 1;
      array.fill(fill);
      live.push({ array, fill });
      // No live array overlaps another, padding included, and each holds what was written.
      const spans = live
        .map(({ array: a }) => [a.byteOffset, a.byteOffset + a.byteLength + POOL_PADDING])
        .sort((p, q) => (p[0] as number) - (q[0] as number));
      for (let k = 1; k < spans.length; k++) {
        expect(spans[k]![0]).toBeGreaterThanOrEqual(spans[k - 1]![1]!);
      }
      for (const { array: a, fill: f } of live) {
        expect(memory.current(a).every((v) => v === f)).toBe(true);
      }
    }
    // A view of a released array, or of ordinary memory, is not the pool's to read in place.
    const released = memory.allocate(Float64Array, 10);
    memory.release(released);
    expect(memory.holdsLive(released)).toBe(false);
    expect(memory.holdsLive(new Float64Array(10))).toBe(false);
    expect(memory.holdsLive(new Float64Array(new SharedArrayBuffer(80)))).toBe(false);
  });
});

describe('kernels over pool arrays equal runKernel bit for bit', () => {
  const pools: SparseThreadPool[] = [];
  beforeAll(async () => {
    for (const threads of [1, 2, 3, 4]) {
      pools.push(await SparseThreadPool.create({ threads, minBlockWork: 0 }));
    }
  }, 120_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.dispose()));
  });

  for (const threads of [1, 2, 3, 4]) {
    for (const valueType of ['f32', 'f64', 'i32'] as const) {
      it(`SpMV and SpMM (=, +=) on ${threads} threads, ${valueType}`, () => {
        const pool = pools[threads - 1] as SparseThreadPool;
        const type = ARRAY[valueType];
        const random = seededRandom(threads * 100 + valueType.length);
        const kernels = [
          pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType }),
          pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType, vectorize: VECTORIZE }),
          pool.kernel('y(i) += A(i,j) * x(j)', { A: 'CSR' }, { valueType }),
          pool.kernel('C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, { valueType }),
          pool.kernel('C(i,k) += A(i,j) * B(j,k)', { A: 'CSR' }, { valueType }),
        ];
        for (const rowShape of ['uniform', 'power-law', 'empty', 'power-law'] as const) {
          const rows = 1 + Math.floor(random() * 300);
          const cols = 1 + Math.floor(random() * 200);
          const A = randomMatrix(random, rows, cols, rowShape, valueType);
          for (const kernel of kernels) {
            const { dense, spmm, width, shape } = randomPoolOperand(
              pool,
              kernel,
              random,
              valueType,
              cols,
            );
            const operand = { data: dense.data, shape };
            const operands = spmm ? { A, B: operand } : { A, x: operand };
            // A fresh result, as runKernel returns one.
            expectSameBits(kernel.run(operands), runKernel(kernel.kernel, kernel.fn, operands));
            // An output in the pool memory is written where it lies and returned.
            const out = pool.array(type, rows * width);
            const start = new type(rows * width);
            for (let k = 0; k < start.length; k++) start[k] = randomValue(random, valueType);
            out.data.set(start as never);
            const want = runKernel(kernel.kernel, kernel.fn, operands, start.slice() as ValueArray);
            expect(kernel.run(operands, out.data)).toBe(out.data);
            expectSameBits(out.data, want);
            // Also when the operand is an ordinary copy of the pool array.
            const plain = { data: dense.data.slice(), shape: operand.shape };
            const plainOperands = spmm ? { A, B: plain } : { A, x: plain };
            expectSameBits(
              kernel.run(plainOperands),
              runKernel(kernel.kernel, kernel.fn, plainOperands),
            );
            if (threads > 1 && rows >= threads) expect(kernel.lastCallThreads).toBe(threads);
            dense.dispose();
            out.dispose();
          }
        }
      });
    }
  }

  it('reads the right arrays after the memory grew, and after arrays were disposed and reused', () => {
    const pool = pools[1] as SparseThreadPool;
    const kernel = pool.kernel('C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, { valueType: 'f64' });
    const random = seededRandom(2026);
    const A = randomMatrix(random, 120, 90, 'power-law', 'f64');
    let keep: { dispose(): void }[] = [];
    for (let round = 0; round < 8; round++) {
      const X = pool.array(Float64Array, 90 * 4);
      for (let k = 0; k < X.length; k++) X.data[k] = random() * 2 - 1;
      const operands = { A, B: { data: X.data, shape: [90, 4] } };
      const want = runKernel(kernel.kernel, kernel.fn, operands);
      expectSameBits(kernel.run(operands), want);
      // A large array grows the memory (its buffer changes); the views held before still hold.
      keep.push(pool.array(Float64Array, 300_000 + Math.floor(random() * 300_000)));
      expectSameBits(kernel.run(operands), want);
      if (round % 3 === 2) {
        for (const k of keep) k.dispose();
        keep = [];
      }
      const stale = X.data;
      X.dispose();
      expect(() => X.data).toThrow(SparseThreadPoolError);
      // A view kept after dispose is an ordinary array to the pool: copied, still right.
      const reused = pool.array(Float64Array, 90 * 4);
      reused.data.fill(7);
      expectSameBits(
        kernel.run({ A, B: { data: stale, shape: [90, 4] } }),
        runKernel(kernel.kernel, kernel.fn, { A, B: { data: stale, shape: [90, 4] } }),
      );
      reused.dispose();
    }
    for (const k of keep) k.dispose();
  });

  it('runs in place exactly where every array can lie in the pool memory as the kernel reads it', () => {
    const pool = pools[1] as SparseThreadPool;
    const spy = vi.spyOn(PoolThreads.prototype, 'runBlocks');
    try {
      const random = seededRandom(5);
      const A = randomMatrix(random, 50, 40, 'uniform', 'f64');
      const x = pool.array(Float64Array, 40);
      x.data.set(Float64Array.from({ length: 40 }, () => random()));
      const inPlace = (kernel: ReturnType<SparseThreadPool['kernel']>, operands: object) => {
        spy.mockClear();
        expectSameBits(
          kernel.run(operands as never),
          runKernel(kernel.kernel, kernel.fn, operands as never),
        );
        const blocks = spy.mock.calls[0]?.[0] as readonly RunBlock[];
        return blocks.every((b) => b.inPlace);
      };
      const spmv = (options: object) =>
        pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64', ...options });
      expect(inPlace(spmv({}), { A, x: { data: x.data, shape: [40] } })).toBe(true);
      // A plain x is copied into the pool memory, then read in place.
      expect(inPlace(spmv({}), { A, x: { data: x.data.slice(), shape: [40] } })).toBe(true);
      // So is a plain operand of megabytes (the calling thread copies it once for every thread).
      const wide = randomMatrix(random, 6, 140_000, 'uniform', 'f64');
      const big = {
        data: Float64Array.from({ length: 140_000 }, () => random()),
        shape: [140_000],
      };
      expect(inPlace(spmv({}), { A: wide, x: big })).toBe(true);
      const bigInPool = pool.array(Float64Array, 140_000);
      bigInPool.data.set(big.data);
      expect(inPlace(spmv({}), { A: wide, x: { data: bigInPool.data, shape: [140_000] } })).toBe(
        true,
      );
      bigInPool.dispose();
      // The js engine has no memory; an f32 x would be promoted into a fresh f64 copy.
      expect(inPlace(spmv({ engine: 'js' }), { A, x: { data: x.data, shape: [40] } })).toBe(false);
      const x32 = { data: Float32Array.from(x.data), shape: [40] };
      expect(inPlace(spmv({}), { A, x: x32 })).toBe(false);
      // A formatted output is assembled by runKernel: never in place.
      const spgemm = pool.kernel(
        'C(i,j) = A(i,k) * B(k,j)',
        { A: 'CSR', B: 'CSR', C: 'CSR' },
        {
          valueType: 'f64',
        },
      );
      expect(inPlace(spgemm, { A, B: randomMatrix(random, 40, 30, 'uniform', 'f64') })).toBe(false);
      x.dispose();
    } finally {
      spy.mockRestore();
    }
  });

  it('runs a call too small to split over the pool memory when its dense arrays lie there', async () => {
    // Every call is one block: it runs on the calling thread, in the pool memory exactly when
    // its dense operand and output are pool arrays (else as runKernel, which copies them).
    const pool = await SparseThreadPool.create({ threads: 2, minBlockWork: 2 ** 40 });
    const spy = vi.spyOn(PoolThreads.prototype, 'runBlocks');
    try {
      const random = seededRandom(64);
      for (const valueType of ['f32', 'f64', 'i32'] as const) {
        const type = ARRAY[valueType];
        const kernels = [
          pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType }),
          pool.kernel('y(i) += A(i,j) * x(j)', { A: 'CSR' }, { valueType, vectorize: VECTORIZE }),
          pool.kernel(
            'C(i,k) = A(i,j) * B(j,k)',
            { A: 'CSR' },
            { valueType, vectorize: VECTORIZE },
          ),
          pool.kernel('C(i,k) += A(i,j) * B(j,k)', { A: 'CSR' }, { valueType }),
        ];
        for (const rowShape of ['uniform', 'power-law', 'empty'] as const) {
          const rows = 2 + Math.floor(random() * 300);
          const cols = 1 + Math.floor(random() * 200);
          const A = randomMatrix(random, rows, cols, rowShape, valueType);
          for (const kernel of kernels) {
            const { dense, spmm, width, shape } = randomPoolOperand(
              pool,
              kernel,
              random,
              valueType,
              cols,
            );
            const start = new type(rows * width);
            for (let k = 0; k < start.length; k++) start[k] = randomValue(random, valueType);
            const out = pool.array(type, rows * width);
            for (const [operandInPool, outputInPool] of [
              [true, true],
              [false, true],
              [true, false],
            ] as const) {
              const data = operandInPool ? dense.data : dense.data.slice();
              const operands = spmm ? { A, B: { data, shape } } : { A, x: { data, shape } };
              const output = outputInPool ? out.data : (start.slice() as ValueArray);
              output.set(start as never);
              const want = runKernel(
                kernel.kernel,
                kernel.fn,
                operands,
                start.slice() as ValueArray,
              );
              spy.mockClear();
              expect(kernel.run(operands, output)).toBe(output);
              expectSameBits(output, want);
              expect(kernel.lastCallThreads).toBe(1);
              const blocks = spy.mock.calls.map((call) => call[0] as readonly RunBlock[]);
              if (operandInPool && outputInPool) {
                expect(blocks).toHaveLength(1);
                expect(blocks[0]?.map((b) => [b.lo, b.hi, b.inPlace])).toEqual([[0, rows, true]]);
              } else {
                expect(blocks).toEqual([]);
              }
            }
            dense.dispose();
            out.dispose();
          }
        }
      }
    } finally {
      spy.mockRestore();
      await pool.dispose();
    }
  });

  it('rejects a bad type or length with a typed error naming it, and a disposed pool', async () => {
    const pool = await SparseThreadPool.create({ threads: 2 });
    for (const [type, length, argument] of [
      [Uint8Array, 4, 'type'],
      [Array, 4, 'type'],
      [Float64Array, -1, 'length'],
      [Float64Array, 1.5, 'length'],
      [Float64Array, 2 ** 31, 'length'],
      [Float64Array, 2 ** 29, 'length'],
    ] as const) {
      let error: unknown;
      try {
        pool.array(type as never, length);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SparseThreadArgumentError);
      expect((error as SparseThreadArgumentError).argument).toBe(argument);
    }
    const ok = pool.array(Int32Array, 0);
    expect(ok.data).toBeInstanceOf(Int32Array);
    ok.dispose();
    ok.dispose();
    expect(ok.disposed).toBe(true);
    await pool.dispose();
    expect(() => pool.array(Float64Array, 4)).toThrow(SparseThreadPoolError);
  });
});
