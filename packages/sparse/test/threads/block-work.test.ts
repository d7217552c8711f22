/**
 * How many threads a pool's call runs on, and that every choice gives runKernel's result bit
 * for bit: pools of 1 to 4 threads with small `minBlockWork`s (so seeded random calls land on
 * every thread count), the default least work (a small call on the calling thread alone, a
 * large one split), skewed rows (one row holding every entry; R-MAT power-law rows), empty
 * matrices, and repeated calls whose operands change (a new matrix of the same shape, new
 * values in the same dense array), so no split, block or shared copy of an earlier call is
 * reused. Blocks no worker has started (a fresh pool's workers still load) run on the calling
 * thread, with the same result. Disposal ends every worker thread, even right after calls,
 * while they still look for more work.
 */
import { existsSync, readdirSync } from 'node:fs';
import { seededRandom } from '@tilekit/conformance/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { type KernelOperand, runKernel, SparseTensor } from '../../src/index.js';
import { SparseThreadPool, type ThreadedKernel } from '../../src/threads/index.js';
import { expectSameBits } from '../support/same-bits.js';

/** Row lengths: uniform, R-MAT (power-law), one row holding every entry, or none. */
type Skew = 'uniform' | 'rmat' | 'one-row' | 'empty';

/** A random `rows x cols` CSR matrix of `dtype` with about `nnz` entries placed as `skew` says. */
function randomMatrix(
  random: () => number,
  rows: number,
  cols: number,
  nnz: number,
  skew: Skew,
  dtype: 'float32' | 'float64',
): SparseTensor {
  const coordinates: number[][] = [];
  const values: number[] = [];
  const heavy = Math.floor(random() * rows);
  for (let e = 0; skew !== 'empty' && e < nnz; e++) {
    let i: number;
    if (skew === 'one-row') i = heavy;
    else if (skew === 'uniform') i = Math.floor(random() * rows);
    else {
      // R-MAT's row descent (a = 0.57, b = 0.19 for the top half) over the next power of two.
      i = 0;
      for (let span = 2 ** Math.ceil(Math.log2(rows)); span > 1; span /= 2) {
        if (random() >= 0.76) i += span / 2;
      }
      i %= rows;
    }
    coordinates.push([i, Math.floor(random() * cols)]);
    values.push(random() * 2 - 1);
  }
  return SparseTensor.fromCoordinates(coordinates, values, [rows, cols], 'CSR', { dtype });
}

const denseOf = (random: () => number, n: number, dtype: 'float32' | 'float64') => {
  const data = dtype === 'float32' ? new Float32Array(n) : new Float64Array(n);
  for (let k = 0; k < n; k++) data[k] = random() * 2 - 1;
  return data;
};

/** The kernels of the two-thread bench rows, on one pool, in one value type. */
function kernelsOf(pool: SparseThreadPool, valueType: 'f32' | 'f64') {
  const vectorize = { vectorLength: 8, enableSIMDIndex32: true, halfWidthShortReductions: true };
  return {
    spmv: pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType, vectorize }),
    spmm: pool.kernel('C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, { valueType, vectorize }),
    spgemm: pool.kernel(
      'C(i,j) = A(i,k) * B(k,j)',
      { A: 'CSR', B: 'CSR', C: 'CSR' },
      { valueType },
    ),
  };
}

/** The work the documented rule counts: 8 per row plus A's entries, times a dense row's width. */
const workOf = (A: SparseTensor, width: number) => (8 * (A.shape[0] as number) + A.nnz) * width;

/** Threads the documented rule gives a call of `work` over `rows` rows. */
const expectedThreads = (pool: SparseThreadPool, rows: number, work: number) => {
  const blocks =
    pool.minBlockWork === 0
      ? pool.threads
      : Math.max(1, Math.min(pool.threads, Math.floor(work / pool.minBlockWork)));
  return rows < 2 ? 1 : Math.min(blocks, rows);
};

const pools: SparseThreadPool[] = [];
async function poolOf(threads: number, minBlockWork?: number): Promise<SparseThreadPool> {
  const pool = await SparseThreadPool.create(
    minBlockWork === undefined ? { threads } : { threads, minBlockWork },
  );
  pools.push(pool);
  return pool;
}
afterAll(async () => {
  for (const pool of pools) await pool.dispose();
});

/** Runs `kernel` through the pool and through runKernel; expects the same bits. */
function expectLikeRunKernel(kernel: ThreadedKernel, operands: Record<string, KernelOperand>) {
  const threaded = kernel.run(operands);
  const alone = runKernel(kernel.kernel, kernel.fn, operands);
  expectSameBits(threaded, alone);
}

describe('the threads a call runs on', () => {
  for (const threads of [1, 2, 3, 4]) {
    it(`a pool of ${threads}: seeded random SpMV, SpMM and SpGEMM, skewed and empty rows, operands changing call to call`, async () => {
      // A least work small enough that the random sizes below span one block to one per thread.
      const pool = await poolOf(threads, 150);
      const random = seededRandom(4100 + threads);
      const seen = new Set<number>();
      for (const valueType of ['f32', 'f64'] as const) {
        const dtype = valueType === 'f32' ? 'float32' : 'float64';
        const kernels = kernelsOf(pool, valueType);
        for (const skew of ['uniform', 'rmat', 'one-row', 'empty'] as const) {
          const rows = 1 + Math.floor(random() * 160);
          const cols = 1 + Math.floor(random() * 60);
          // The same dense arrays, in shared memory and not, rewritten before every call.
          const x = denseOf(random, cols, dtype);
          const xShared = new (x.constructor as Float64ArrayConstructor)(
            new SharedArrayBuffer(x.byteLength),
          );
          const B = denseOf(random, cols * 4, dtype);
          for (let call = 0; call < 3; call++) {
            // A new matrix of the same shape on every call, entries from 0 to 6 per row on average.
            const A = randomMatrix(
              random,
              rows,
              cols,
              Math.floor(random() * 7 * rows),
              skew,
              dtype,
            );
            x.set(denseOf(random, cols, dtype));
            xShared.set(x);
            B.set(denseOf(random, cols * 4, dtype));
            for (const data of [x, xShared]) {
              expectLikeRunKernel(kernels.spmv, { A, x: { data, shape: [cols] } });
              expect(kernels.spmv.lastCallThreads).toBe(expectedThreads(pool, rows, workOf(A, 1)));
              seen.add(kernels.spmv.lastCallThreads);
            }
            expectLikeRunKernel(kernels.spmm, { A, B: { data: B, shape: [cols, 4] } });
            expect(kernels.spmm.lastCallThreads).toBe(expectedThreads(pool, rows, workOf(A, 4)));
            seen.add(kernels.spmm.lastCallThreads);
            const P = randomMatrix(random, cols, 30, 2 * cols, 'uniform', dtype);
            expectLikeRunKernel(kernels.spgemm, { A, B: P });
            expect(kernels.spgemm.lastCallThreads).toBe(expectedThreads(pool, rows, workOf(A, 1)));
          }
        }
      }
      // The sizes drawn reached the calling thread alone and every thread of the pool.
      expect(seen.has(1) && seen.has(threads)).toBe(true);
    }, 60_000);
  }

  it('with the default least work, a small call runs on the calling thread and a large one on every thread', async () => {
    const pool = await poolOf(2);
    expect(pool.minBlockWork).toBe(131072);
    const { spmv, spmm } = kernelsOf(pool, 'f64');
    const random = seededRandom(77);
    const small = randomMatrix(random, 2000, 2000, 4000, 'rmat', 'float64');
    const x = { data: denseOf(random, 2000, 'float64'), shape: [2000] };
    expectLikeRunKernel(spmv, { A: small, x });
    // (8 * 2000 + nnz) is below twice the least work: one thread.
    expect(workOf(small, 1)).toBeLessThan(2 * 131072);
    expect(spmv.lastCallThreads).toBe(1);
    // The same matrix against 64 dense columns is 64 times the work: two threads.
    const B = { data: denseOf(random, 2000 * 64, 'float64'), shape: [2000, 64] };
    expectLikeRunKernel(spmm, { A: small, B });
    expect(spmm.lastCallThreads).toBe(2);
    const large = randomMatrix(random, 20000, 20000, 250_000, 'rmat', 'float64');
    expect(workOf(large, 1)).toBeGreaterThanOrEqual(2 * 131072);
    const xl = { data: denseOf(random, 20000, 'float64'), shape: [20000] };
    expectLikeRunKernel(spmv, { A: large, x: xl });
    expect(spmv.lastCallThreads).toBe(2);
  }, 60_000);

  it('refuses a least work that is not an integer of 0 or more, naming the option', async () => {
    for (const minBlockWork of [-1, 0.5, Number.NaN, '100', null]) {
      const error = await SparseThreadPool.create({ threads: 2, minBlockWork } as never).catch(
        (e: unknown) => e,
      );
      expect(error).toMatchObject({
        name: 'SparseThreadArgumentError',
        code: 'sparse-thread-argument',
        argument: 'options.minBlockWork',
      });
    }
  });
});

describe('blocks no worker has started', () => {
  it('run on the calling thread: a fresh pool’s first calls, while its workers still load, give runKernel’s result', async () => {
    const random = seededRandom(21);
    for (const threads of [2, 4]) {
      // No await between creating the kernels and calling them: the workers are still loading
      // their modules, so the calling thread runs every block of these calls.
      const pool = await poolOf(threads, 0);
      const kernels = kernelsOf(pool, 'f64');
      for (let call = 0; call < 3; call++) {
        const A = randomMatrix(random, 200, 80, 900, 'rmat', 'float64');
        expectLikeRunKernel(kernels.spmv, {
          A,
          x: { data: denseOf(random, 80, 'float64'), shape: [80] },
        });
        expectLikeRunKernel(kernels.spmm, {
          A,
          B: { data: denseOf(random, 80 * 4, 'float64'), shape: [80, 4] },
        });
        expectLikeRunKernel(kernels.spgemm, {
          A,
          B: randomMatrix(random, 80, 50, 160, 'uniform', 'float64'),
        });
        expect(kernels.spgemm.lastCallThreads).toBe(threads);
      }
    }
  }, 60_000);
});

describe('a worker woken by a message just before a call', () => {
  it('runs the call with every tensor it needs: a new kernel and a new matrix on each of many calls', async () => {
    // A new kernel wakes the workers (its recipe is posted) right before the call that posts a
    // new tensor: a worker must read that tensor's message before it runs the block.
    const pool = await poolOf(3, 0);
    const random = seededRandom(69);
    for (let call = 0; call < 40; call++) {
      const valueType = random() < 0.5 ? 'f32' : 'f64';
      const dtype = valueType === 'f32' ? 'float32' : 'float64';
      const kernel = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType });
      const rows = 3 + Math.floor(random() * 300);
      const A = randomMatrix(random, rows, 40, 4 * rows, call % 2 ? 'rmat' : 'uniform', dtype);
      expectLikeRunKernel(kernel, { A, x: { data: denseOf(random, 40, dtype), shape: [40] } });
      expect(kernel.lastCallThreads).toBe(3);
    }
  }, 60_000);
});

/** The ids of this process's threads (Linux). */
const threadIds = () => new Set(readdirSync('/proc/self/task'));

/** The thread ids once their count held still for 300 ms (pools still loading start more). */
async function stableThreadIds(): Promise<Set<string>> {
  let last = threadIds();
  for (let same = 0, k = 0; same < 6 && k < 200; k++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = threadIds();
    same = now.size === last.size ? same + 1 : 0;
    last = now;
  }
  return last;
}

/** How many of `ids` have ended, waiting up to 2 s for `count` of them to (a worker's thread ends shortly after terminate() resolves). */
async function endedThreads(ids: readonly string[], count: number): Promise<number> {
  const ended = () => {
    const live = threadIds();
    return ids.filter((id) => !live.has(id)).length;
  };
  for (let k = 0; k < 100 && ended() < count; k++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return ended();
}

describe('disposal', () => {
  it('ends every worker thread right after calls, while the workers still look for work', async () => {
    expect(existsSync('/proc/self/task')).toBe(true);
    const random = seededRandom(5);
    const A = randomMatrix(random, 3000, 500, 30_000, 'rmat', 'float64');
    const x = { data: denseOf(random, 500, 'float64'), shape: [500] };
    for (const threads of [2, 4]) {
      const before = await stableThreadIds();
      const pool = await SparseThreadPool.create({ threads, minBlockWork: 0 });
      const { spmv } = kernelsOf(pool, 'f64');
      expectLikeRunKernel(spmv, { A, x });
      // Once the workers have loaded (no more threads starting), calls they take part in. The
      // threads started meanwhile are the workers' (and any the runtime started at that time,
      // which is why the test follows these ids rather than the process's thread count).
      const started = [...(await stableThreadIds())].filter((id) => !before.has(id));
      expect(started.length).toBeGreaterThanOrEqual(threads - 1);
      for (let call = 0; call < 20; call++) expectLikeRunKernel(spmv, { A, x });
      expect(spmv.lastCallThreads).toBe(threads);
      // Disposed at once after the last call: the workers are still looking (spin-wait.ts).
      await pool.dispose();
      expect(await endedThreads(started, threads - 1)).toBeGreaterThanOrEqual(threads - 1);
    }
  }, 60_000);
});
