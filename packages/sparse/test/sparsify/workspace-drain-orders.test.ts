/**
 * An expanded output's row is appended in coordinate order by one of three drains, chosen per
 * row by how many coordinates it touched (`n`) against the words of its marks (`words`): a
 * sorting network over the touched coordinates (n <= 16), the marks' summary, which
 * leads to the words holding marks (16 < n < words), or a scan of every word (n >= words).
 * Seeded random SpGEMMs over wide rows, whose rows fall in every one of the three, are checked
 * on every engine against a plain Gustavson loop (row by row, terms summed in the kernel's
 * order, coordinates sorted), bit for bit, with the workspace left zero for the next call.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  hasAssembly,
  runKernel,
  SparseTensor,
  sparsify,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';

type Random = () => number;

/** Rows of at most this many coordinates are sorted (expanded-row.ts). */
const SORTED_AT_MOST = 16;

/** `count` distinct integers below `below`, in random order. */
function distinct(random: Random, count: number, below: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, below)) chosen.add(Math.floor(random() * below));
  return [...chosen];
}

/**
 * `B` (`k x extent`): rows of every size from empty to three times the marks' words; `A` (`m x k`):
 * rows picking zero to three of them, so products' rows touch from none to many coordinates.
 */
function operands(random: Random, m: number, k: number, extent: number) {
  const words = Math.ceil(extent / 64);
  const sizes = [0, 1, 3, 8, 12, 20, words - 3, words + 5, 3 * words];
  const entries = (rows: number[][], cols: number) =>
    rows.flatMap((cs, r) => cs.map((c) => [r, c] as [number, number])).filter(([, c]) => c < cols);
  const bRows = Array.from({ length: k }, (_, r) =>
    distinct(random, sizes[r % sizes.length] as number, extent),
  );
  const aRows = Array.from({ length: m }, () => distinct(random, Math.floor(random() * 4), k));
  const make = (rows: number[][], shape: [number, number]) => {
    const coordinates = entries(rows, shape[1]);
    const values = coordinates.map(() => Math.round((random() * 2 - 1) * 1e6) / 1e3 + random());
    return SparseTensor.fromCoordinates(coordinates, values, shape, 'CSR', { dtype: 'float64' });
  };
  return { A: make(aRows, [m, k]), B: make(bRows, [k, extent]) };
}

/** The product as a plain Gustavson loop: per row, terms in the kernel's order, sorted. */
function gustavson(A: SparseTensor, B: SparseTensor) {
  type Arrays = [ArrayLike<number>, ArrayLike<number>, ArrayLike<number>];
  const [ap, ac, av] = [A.positions[1], A.coordinates[1], A.values] as Arrays;
  const [bp, bc, bv] = [B.positions[1], B.coordinates[1], B.values] as Arrays;
  const rows: { j: number[]; v: number[] }[] = [];
  const [m] = A.shape as [number, number];
  for (let i = 0; i < m; i++) {
    const sums = new Map<number, number>();
    for (let p = ap[i] as number; p < (ap[i + 1] as number); p++) {
      const k = ac[p] as number;
      for (let q = bp[k] as number; q < (bp[k + 1] as number); q++) {
        const j = bc[q] as number;
        sums.set(j, (sums.get(j) ?? 0) + (av[p] as number) * (bv[q] as number));
      }
    }
    const j = [...sums.keys()].sort((x, y) => x - y);
    rows.push({ j, v: j.map((c) => sums.get(c) as number) });
  }
  return rows;
}

/** The rows of a result (any format), coordinates and values. */
function rowsOf(C: SparseTensor): { j: number[]; v: number[] }[] {
  const [m] = C.shape as [number, number];
  const rows = Array.from({ length: m }, () => ({ j: [] as number[], v: [] as number[] }));
  const { coordinates, values } = C.toCoordinates();
  coordinates.forEach(([i, j], e) => {
    (rows[i as number] as { j: number[] }).j.push(j as number);
    (rows[i as number] as { v: number[] }).v.push(values[e] as number);
  });
  return rows;
}

const FORMATS: readonly FormatSpec[] = ['CSR', 'DCSR', 'COO'];

describe('expanded rows drain in coordinate order by sort, summary or scan alike', () => {
  it.each(ENGINES)('%s engine: seeded SpGEMMs whose rows take every drain', (engine) => {
    const random = seededRandom(3537 + ENGINES.indexOf(engine));
    const taken = { sorted: 0, summary: 0, scanned: 0 };
    // One summary pair's worth of marks, and more than one (past 64 words of 64 marks).
    for (const extent of [300, 5000]) {
      const words = Math.ceil(extent / 64);
      const { A, B } = operands(random, 60, 27, extent);
      const expected = gustavson(A, B);
      for (const { j } of expected) {
        const n = j.length;
        if (n >= words) taken.scanned++;
        else if (n > SORTED_AT_MOST) taken.summary++;
        else if (n > 1) taken.sorted++;
      }
      for (const format of FORMATS) {
        const formats = { A: 'CSR', B: 'CSR', C: format } as const;
        const kernel = sparsify('C(i,j) = A(i,k) * B(k,j)', formats, { valueType: 'f64' });
        expect(hasAssembly(kernel.plan) && kernel.plan.assembly.strategy).toBe('expand');
        const run = compile(kernel.module, kernel.functionName, { engine });
        const label = `extent ${extent}, C ${String(format)}`;
        // Twice through runKernel (its resident workspace must be left zero by the first call).
        for (let call = 0; call < 2; call++) {
          const C = runKernel(kernel, run, { A, B }) as SparseTensor;
          expect(rowsOf(C), `${label}, call ${call}`).toEqual(expected);
        }
        // And once into fresh storage, whose workspace is then all zeros again.
        const nnz = expected.reduce((total, r) => total + r.j.length, 0);
        const [m] = A.shape as [number, number];
        // Room enough at every level (both levels of a matrix).
        const storage = allocateOutputStorage(kernel.plan, [m, extent], [nnz + m, nnz + m]);
        const bound = bindArguments(kernel, { A, B }, storage);
        run(...bound.args);
        expect(rowsOf(assembledOutput(kernel, bound) as SparseTensor), label).toEqual(expected);
        const workspace = storage.workspace;
        expect(
          workspace?.values.every((v) => v === 0),
          `${label}: values`,
        ).toBe(true);
        expect(
          workspace?.filled.every((w) => w === 0),
          `${label}: marks and summary`,
        ).toBe(true);
      }
    }
    expect(taken.sorted).toBeGreaterThan(5);
    expect(taken.summary).toBeGreaterThan(5);
    expect(taken.scanned).toBeGreaterThan(5);
  });
});
