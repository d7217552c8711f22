/**
 * The scipy worker: arrays handed over come back unchanged, scipy's results read back equal
 * plain-loop references on seeded random matrices (duplicates included), timings come from
 * Python, a failing expression is reported and the worker keeps serving, and a missing Python
 * is a reason, not a throw. Needs a Python with scipy (Debian's python3-scipy, or the
 * environment the bench makes on first use; see src/external/find-scipy.ts).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findScipyPython } from '../src/external/find-scipy.ts';
import { openScipy, type ScipyResult, ScipyWorker } from '../src/external/scipy-worker.ts';
import { runCase } from '../src/harness.ts';

/** Row-major (row, col, value) triplets of the canonical CSR of the COO input: duplicates summed. */
function csrReference(rows: number[], cols: number[], values: number[], n: number) {
  const sums = new Map<number, number>();
  rows.forEach((r, k) => {
    const key = r * n + cols[k]!;
    sums.set(key, (sums.get(key) ?? 0) + values[k]!);
  });
  return [...sums.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([key, value]) => [Math.floor(key / n), key % n, value] as const);
}

/** Stored (row, col, value) triplets of a fetched matrix, in its storage order. */
function tripletsOf(result: ScipyResult): (readonly [number, number, number])[] {
  const out: (readonly [number, number, number])[] = [];
  if (result.kind === 'coo') {
    const [row, col] = result.coords as [Int32Array, Int32Array];
    for (let k = 0; k < row.length; k++) out.push([row[k]!, col[k]!, result.data[k]!]);
  } else if (result.kind === 'csr' || result.kind === 'csc') {
    for (let outer = 0; outer + 1 < result.indptr.length; outer++) {
      for (let p = result.indptr[outer]!; p < result.indptr[outer + 1]!; p++) {
        const inner = result.indices[p]!;
        out.push(
          result.kind === 'csr' ? [outer, inner, result.data[p]!] : [inner, outer, result.data[p]!],
        );
      }
    }
  }
  return out;
}

const matrices = fc.integer({ min: 1, max: 12 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    entries: fc.array(
      fc.tuple(
        fc.integer({ min: 0, max: n - 1 }),
        fc.integer({ min: 0, max: n - 1 }),
        fc.integer({ min: -32, max: 32 }).map((v) => v / 4),
      ),
      { maxLength: 40 },
    ),
    x: fc.array(
      fc.integer({ min: -16, max: 16 }).map((v) => v / 8),
      { minLength: n, maxLength: n },
    ),
  }),
);

describe('the scipy worker', () => {
  let worker: ScipyWorker;

  beforeAll(async () => {
    const lookup = findScipyPython();
    if (!lookup.found) throw new Error(`scipy is unavailable: ${lookup.reason}`);
    worker = await ScipyWorker.start(lookup.python);
  }, 600_000);

  afterAll(async () => {
    await worker?.close();
  });

  it('reports the versions it runs with', () => {
    expect(worker.versions.scipy).toMatch(/^\d+\.\d+/);
    expect(worker.versions.python).toMatch(/^3\.\d+/);
  });

  it('hands every array kind over and back unchanged, 1 M entries included', async () => {
    const arrays = {
      f64: Float64Array.from({ length: 1 << 20 }, (_, i) => Math.sin(i) * 1e300),
      f32: Float32Array.from([1.5, -2.25, 3e38, -0]),
      i32: Int32Array.from([-(2 ** 31), -1, 0, 2 ** 31 - 1]),
      u32: Uint32Array.from([0, 1, 2 ** 32 - 1]),
    };
    for (const [name, array] of Object.entries(arrays)) {
      await worker.load(name, array);
      const back = await worker.fetch(`${name}.astype(np.float64)`);
      expect(back.kind).toBe('dense');
      expect(back.shape).toEqual([array.length]);
      expect(Array.from(back.data)).toEqual(Array.from(array, Number));
    }
    expect(await worker.define('total', 'float(u32.astype(np.float64).sum())')).toBe('float');
    const total = await worker.fetch('np.array([total])');
    expect(Array.from(total.data)).toEqual([2 ** 32]);
  });

  it('builds COO -> CSR, converts and multiplies as plain loops do (seeded matrices)', async () => {
    await fc.assert(
      fc.asyncProperty(matrices, async ({ n, entries, x }) => {
        const rows = entries.map((e) => e[0]);
        const cols = entries.map((e) => e[1]);
        const values = entries.map((e) => e[2]);
        await worker.load('r', Int32Array.from(rows));
        await worker.load('c', Int32Array.from(cols));
        await worker.load('v', Float64Array.from(values));
        await worker.load('x', Float64Array.from(x));
        await worker.define('A', `sp.coo_matrix((v, (r, c)), shape=(${n}, ${n})).tocsr()`);
        const expected = csrReference(rows, cols, values, n);

        const csr = await worker.fetch('A');
        expect(csr.kind).toBe('csr');
        expect(csr.shape).toEqual([n, n]);
        expect(tripletsOf(csr)).toEqual(expected);

        const csc = await worker.fetch('A.tocsc()');
        expect(csc.kind).toBe('csc');
        const columnMajor = [...expected].sort((a, b) => a[1] - b[1] || a[0] - b[0]);
        expect(tripletsOf(csc)).toEqual(columnMajor);

        const coo = await worker.fetch('A.tocoo()');
        expect(coo.kind).toBe('coo');
        expect(tripletsOf(coo)).toEqual(expected);

        // Quarters times eighths: every product and sum is exact, in any order.
        const y = new Array<number>(n).fill(0);
        for (const [i, j, value] of expected) y[i] = y[i]! + value * x[j]!;
        const product = await worker.fetch('A @ x');
        expect(product.shape).toEqual([n]);
        expect(Array.from(product.data)).toEqual(y);
      }),
      { seed: 35, numRuns: 25 },
    );
  });

  it('reads back a COO array of rank 3 in its stored order, one coordinate array per dimension', async () => {
    const tensors = fc.record({
      shape: fc.tuple(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
      ),
      draws: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.integer({ min: -8, max: 8 })), {
        maxLength: 30,
      }),
    });
    await fc.assert(
      fc.asyncProperty(tensors, async ({ shape, draws }) => {
        const entries = draws.map(([i, j, k, v]) => [
          i % shape[0],
          j % shape[1],
          k % shape[2],
          v / 4,
        ]);
        // The canonical form by hand: duplicates summed (quarters: exact), then sorted
        // lexicographically, as sum_duplicates leaves a COO array of any rank.
        const sums = new Map<string, number[]>();
        for (const [i, j, k, v] of entries as [number, number, number, number][]) {
          const key = `${i},${j},${k}`;
          const held = sums.get(key);
          if (held === undefined) sums.set(key, [i, j, k, v]);
          else held[3] = held[3]! + v;
        }
        const expected = [...sums.values()].sort(
          (a, b) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!,
        );
        for (let d = 0; d < 3; d++) {
          await worker.load(
            `t${d}`,
            Int32Array.from(entries, (e) => e[d]!),
          );
        }
        await worker.load(
          'tv',
          Float64Array.from(entries, (e) => e[3]!),
        );
        await worker.define('canonical', 'lambda a: (a.sum_duplicates(), a)[1]');
        const result = await worker.fetch(
          `canonical(sp.coo_array((tv, (t0, t1, t2)), shape=(${shape.join(', ')})))`,
        );
        expect(result.kind).toBe('coo');
        expect(result.shape).toEqual(shape);
        if (result.kind !== 'coo') return;
        expect(result.coords).toHaveLength(3);
        const stored = Array.from(result.data, (v, k) => [...result.coords.map((c) => c[k]!), v]);
        expect(stored).toEqual(expected);
      }),
      { seed: 36, numRuns: 20 },
    );
  });

  it('times in Python, and the harness interleaves that with a local candidate', async () => {
    await worker.load(
      'big',
      Float64Array.from({ length: 100_000 }, (_, i) => i),
    );
    const ms = await worker.time('big.sum()', 20);
    expect(ms).toBeGreaterThan(0);
    expect(Number.isFinite(ms)).toBe(true);
    const result = await runCase(
      {
        name: 'sum',
        ours: { label: 'loop', fn: () => Array.from({ length: 1000 }, (_, i) => i) },
        baselines: [worker.baseline('numpy sum', 'big.sum()')],
      },
      { rounds: 3, minSampleMs: 5, maxCaseMs: 10_000 },
    );
    expect(result.baselines[0]?.samples).toBe(3);
    expect(result.baselines[0]?.medianMs).toBeGreaterThan(0);
  });

  it('answers a failing expression with its error and keeps serving', async () => {
    await expect(worker.fetch('undefined_name + 1')).rejects.toThrow(
      /scipy worker: NameError: name 'undefined_name' is not defined/,
    );
    await expect(worker.time('1 / 0', 1)).rejects.toThrow(/ZeroDivisionError/);
    const after = await worker.fetch('np.arange(3.0)');
    expect(Array.from(after.data)).toEqual([0, 1, 2]);
  });
});

describe('without a usable Python', () => {
  it('the lookup and openScipy give the reason instead of throwing', async () => {
    const saved = process.env.TILEKIT_BENCH_PYTHON;
    process.env.TILEKIT_BENCH_PYTHON = '/nonexistent/python3';
    try {
      const lookup = findScipyPython({ makeVenv: false });
      expect(lookup).toEqual({
        found: false,
        reason:
          'TILEKIT_BENCH_PYTHON=/nonexistent/python3 cannot import scipy: /nonexistent/python3 was not found',
      });
      const opening = await openScipy();
      expect(opening.worker).toBeUndefined();
      expect(opening.reason).toBe(lookup.found ? '' : lookup.reason);
    } finally {
      if (saved === undefined) delete process.env.TILEKIT_BENCH_PYTHON;
      else process.env.TILEKIT_BENCH_PYTHON = saved;
    }
  });

  it('a worker whose interpreter cannot run rejects start with why', async () => {
    await expect(ScipyWorker.start('/nonexistent/python3')).rejects.toThrow(
      /scipy worker \(\/nonexistent\/python3\) could not run: spawn \/nonexistent\/python3 ENOENT/,
    );
  });
});
