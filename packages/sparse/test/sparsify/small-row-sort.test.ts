/**
 * An expanded output's row of at most 16 touched coordinates is sorted by a sorting network
 * (4, 8 or 16 inputs, the smallest that holds the row) before it is appended. The networks are
 * checked on their own (every 0/1 input, by the 0-1 principle, and seeded permutations), then
 * through seeded SpGEMMs whose rows touch every count from none to past 16, on every engine,
 * every value type and coordinate width, narrow outputs (fewer columns than a network's inputs)
 * and wide ones, against a plain Gustavson loop bit for bit, with the workspace left zero.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  allocateOutputStorage,
  assembledOutput,
  bindArguments,
  type FormatSpec,
  runKernel,
  SparseTensor,
  sparsify,
} from '../../src/index.js';
import type { StorageWidth } from '../../src/sparse-tensor/format.js';
import { sortingNetwork } from '../../src/sparsify/emission/sorting-network.js';
import { ENGINES } from './every-engine.js';

type Random = () => number;
type ValueType = 'f64' | 'f32' | 'i32';

/** `values` run through `network`'s compare-exchange steps. */
function sortedBy(network: ReturnType<typeof sortingNetwork>, values: number[]): number[] {
  const v = [...values];
  for (const [lo, hi] of network) {
    const [x, y] = [v[lo] as number, v[hi] as number];
    v[lo] = Math.min(x, y);
    v[hi] = Math.max(x, y);
  }
  return v;
}

describe('sortingNetwork', () => {
  it.each([1, 2, 4, 8, 16])('sorts every 0/1 input of %i values', (size) => {
    const network = sortingNetwork(size);
    for (const [lo, hi] of network) expect(lo < hi && hi < size).toBe(true);
    for (let bits = 0; bits < 2 ** size; bits++) {
      const input = Array.from({ length: size }, (_, k) => (bits >> k) & 1);
      const ones = input.filter((x) => x === 1).length;
      const expected = Array.from({ length: size }, (_, k) => (k < size - ones ? 0 : 1));
      const got = sortedBy(network, input);
      if (got.join() !== expected.join()) expect(got, `input ${input.join('')}`).toEqual(expected);
    }
  });

  it('sorts seeded values of 32 inputs, repeats included', () => {
    const random = seededRandom(4242);
    const network = sortingNetwork(32);
    for (let run = 0; run < 500; run++) {
      const input = Array.from({ length: 32 }, () => Math.floor(random() * (run % 2 ? 8 : 1e6)));
      expect(sortedBy(network, input)).toEqual([...input].sort((x, y) => x - y));
    }
  });

  it.each([0, 3, 6, 12])('refuses %i inputs (not a power of two)', (size) => {
    expect(() => sortingNetwork(size)).toThrow(RangeError);
  });
});

const DTYPES = { f64: 'float64', f32: 'float32', i32: 'int32' } as const;

/** A value of the type's kind, exactly representable in it. */
function randomValue(random: Random, type: ValueType): number {
  if (type === 'i32') return Math.floor(random() * 101) - 50;
  const x = (random() * 2 - 1) * 10 ** Math.floor(random() * 6 - 2);
  return type === 'f32' ? Math.fround(x) : x;
}

/** `count` distinct integers below `below`, in random order. */
function distinct(random: Random, count: number, below: number): number[] {
  const chosen = new Set<number>();
  while (chosen.size < Math.min(count, below)) chosen.add(Math.floor(random() * below));
  return [...chosen];
}

/**
 * `B` (`k x extent`): row `r` holds `r % 19` coordinates (as many as fit); `A` (`m x k`): row
 * `i` picks B's row `i % k`, and every third row one or two more, whose coordinates may
 * repeat the first's. So products' rows touch every count from none to past 16.
 */
function operands(
  random: Random,
  extent: number,
  type: ValueType,
  widths: { readonly crdWidth: StorageWidth; readonly posWidth: StorageWidth },
) {
  const [m, k] = [60, 23];
  const bRows = Array.from({ length: k }, (_, r) => distinct(random, r % 19, extent));
  const aRows = Array.from({ length: m }, (_, i) => {
    const extra = i % 3 === 0 ? distinct(random, 1 + (i % 2), k) : [];
    return [...new Set([i % k, ...extra])];
  });
  const make = (rows: number[][], shape: [number, number]) => {
    const coordinates = rows.flatMap((cs, r) => cs.map((c) => [r, c]));
    const values = coordinates.map(() => randomValue(random, type));
    return SparseTensor.fromCoordinates(coordinates, values, shape, 'CSR', {
      dtype: DTYPES[type],
      ...widths,
    });
  };
  return { A: make(aRows, [m, k]), B: make(bRows, [k, extent]) };
}

/** `x * y` and `x + y` as the kernel computes them in `type`. */
const ARITHMETIC: Record<ValueType, (x: number, y: number) => [number, number]> = {
  f64: (x, y) => [x * y, x + y],
  f32: (x, y) => [Math.fround(x * y), Math.fround(x + y)],
  i32: (x, y) => [Math.imul(x, y), (x + y) | 0],
};

/** The product as a plain Gustavson loop: per row, terms in the kernel's order, sorted. */
function gustavson(A: SparseTensor, B: SparseTensor, type: ValueType) {
  const number = (a: ArrayLike<number | bigint>, at: number) => Number(a[at]);
  const [ap, ac, av] = [A.positions[1], A.coordinates[1], A.values];
  const [bp, bc, bv] = [B.positions[1], B.coordinates[1], B.values];
  const rows: { j: number[]; v: number[] }[] = [];
  for (let i = 0; i < (A.shape[0] as number); i++) {
    // The workspace starts at zero, so a first term is added to zero (`0 + -0` is `0`).
    const sums = new Map<number, number>();
    for (let p = number(ap as never, i); p < number(ap as never, i + 1); p++) {
      const k = number(ac as never, p);
      for (let q = number(bp as never, k); q < number(bp as never, k + 1); q++) {
        const j = number(bc as never, q);
        const [product] = ARITHMETIC[type](number(av, p), number(bv, q));
        sums.set(j, ARITHMETIC[type](sums.get(j) ?? 0, product)[1]);
      }
    }
    const j = [...sums.keys()].sort((x, y) => x - y);
    rows.push({ j, v: j.map((c) => sums.get(c) as number) });
  }
  return rows;
}

/** A value's bits as text, so `-0` and `0` differ. */
const bitsOf = (x: number) => (Object.is(x, -0) ? '-0' : String(x));

/** The rows of a result (any format): coordinates and the bits of the values. */
function rowsOf(C: SparseTensor): { j: number[]; v: string[] }[] {
  const rows = Array.from({ length: C.shape[0] as number }, () => ({
    j: [] as number[],
    v: [] as string[],
  }));
  const { coordinates, values } = C.toCoordinates();
  coordinates.forEach(([i, j], e) => {
    const row = rows[i as number] as { j: number[]; v: string[] };
    row.j.push(j as number);
    row.v.push(bitsOf(values[e] as number));
  });
  return rows;
}

const WIDTHS: readonly StorageWidth[] = [8, 16, 32, 64, 'index'];
const TYPES: readonly ValueType[] = ['f64', 'f32', 'i32'];
const FORMATS: readonly FormatSpec[] = ['CSR', 'DCSR', 'COO'];

describe('small expanded rows sorted by networks', () => {
  it.each(ENGINES)('%s engine: seeded SpGEMMs with rows of every small size', (engine) => {
    const random = seededRandom(7001 + ENGINES.indexOf(engine));
    const counts = new Set<number>();
    TYPES.forEach((type, t) => {
      WIDTHS.forEach((width, w) => {
        // The interpreter, far slower, runs a third of the pairs (each type and width still).
        if (engine === 'interpreter' && (t + w) % 3 !== 0) return;
        const format = FORMATS[(t + w) % FORMATS.length] as FormatSpec;
        const formats = { A: 'CSR', B: 'CSR', C: format } as const;
        const options = { valueType: type, crdWidth: width, posWidth: w % 2 ? 64 : 32 } as const;
        const kernel = sparsify('C(i,j) = A(i,k) * B(k,j)', formats, options);
        const run = compile(kernel.module, kernel.functionName, { engine });
        // Fewer columns than the networks' inputs, one word of marks, several words.
        const extents = width === 8 ? [1, 3, 6, 17, 200] : [1, 3, 6, 17, 200, 1100];
        for (const extent of extents) {
          const label = `${type}, width ${width}, C ${String(format)}, extent ${extent}`;
          const { A, B } = operands(random, extent, type, options);
          const expected = gustavson(A, B, type).map(({ j, v }) => ({ j, v: v.map(bitsOf) }));
          for (const { j } of expected) counts.add(j.length);
          for (let call = 0; call < 2; call++) {
            const C = runKernel(kernel, run, { A, B }) as SparseTensor;
            expect(rowsOf(C), `${label}, call ${call}`).toEqual(expected);
          }
          const nnz = expected.reduce((total, r) => total + r.j.length, 0);
          const [m] = A.shape as [number, number];
          const storage = allocateOutputStorage(kernel.plan, [m, extent], [nnz + m, nnz + m]);
          const bound = bindArguments(kernel, { A, B }, storage);
          run(...bound.args);
          expect(rowsOf(assembledOutput(kernel, bound) as SparseTensor), label).toEqual(expected);
          const workspace = storage.workspace;
          expect(
            Array.from(workspace?.values ?? [1], Number).every((v) => v === 0),
            label,
          ).toBe(true);
          expect(
            workspace?.filled.every((x) => x === 0),
            label,
          ).toBe(true);
        }
      });
    });
    // Every network size, each with rows that fill it and rows that leave it part empty.
    for (let n = 0; n <= 17; n++) expect(counts.has(n), `a row touching ${n}`).toBe(true);
  });
});
