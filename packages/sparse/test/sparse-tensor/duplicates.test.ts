/**
 * One rule for duplicate coordinates: they are summed (scipy's `tocsr`, torch's `coalesce`)
 * by every constructor — `fromCoordinates` in every format, `fromStorage` given a segment
 * with a coordinate repeated (or out of order) — so `toDense`, `convert` and kernels (SpMV
 * here) all see the sum. Checked against a plain loop that adds every given value into a
 * dense array, on seeded random coordinate lists full of repeats.
 */
import { compile } from '@tilekit/loop-engines';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type NamedFormat,
  runKernel,
  SparseTensor,
  sparsify,
  validateStorage,
} from '../../src/index.js';

const FORMATS: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'];

/** The plain loop: every given value added at its row-major index. */
function summed(
  coordinates: readonly number[][],
  values: readonly number[],
  rows: number,
  cols: number,
): number[] {
  const out = new Array<number>(rows * cols).fill(0);
  coordinates.forEach(([i, j], k) => {
    const at = (i as number) * cols + (j as number);
    out[at] = (out[at] as number) + (values[k] as number);
  });
  return out;
}

/** A random coordinate list with many repeats: integer values, so sums are exact. */
const withRepeats = fc
  .record({ rows: fc.integer({ min: 1, max: 6 }), cols: fc.integer({ min: 1, max: 6 }) })
  .chain(({ rows, cols }) =>
    fc.record({
      rows: fc.constant(rows),
      cols: fc.constant(cols),
      entries: fc.array(
        fc.tuple(
          fc.integer({ min: 0, max: rows - 1 }),
          fc.integer({ min: 0, max: Math.min(cols - 1, 1) }),
          fc.integer({ min: -9, max: 9 }),
        ),
        { maxLength: 20 },
      ),
      format: fc.constantFrom(...FORMATS),
      target: fc.constantFrom(...FORMATS),
    }),
  );

describe('duplicate coordinates are summed everywhere', () => {
  it('COO fromCoordinates stores one summed entry; toDense, convert and fromStorage agree', () => {
    const coo = SparseTensor.fromCoordinates(
      [
        [0, 0],
        [0, 0],
      ],
      [1, 2],
      [2, 2],
      'COO',
      { dtype: 'float64' },
    );
    expect(coo.nnz).toBe(1);
    expect(Array.from(coo.values as Float64Array)).toEqual([3]);
    expect(Array.from(coo.toDense() as Float64Array)).toEqual([3, 0, 0, 0]);
    expect(Array.from(coo.convert('CSR').toDense() as Float64Array)).toEqual([3, 0, 0, 0]);
    // Storage with the coordinate repeated in a CSR row: summed, not rejected.
    const csr = SparseTensor.fromStorage([2, 2], 'CSR', {
      positions: [undefined, Uint32Array.from([0, 2, 2])],
      coordinates: [undefined, Uint32Array.from([0, 0])],
      values: Float64Array.from([1, 2]),
    });
    expect(Array.from(csr.toDense() as Float64Array)).toEqual([3, 0, 0, 0]);
    // validateStorage still names non-canonical storage (what a kernel may read).
    expect(() =>
      validateStorage(
        {
          positions: [undefined, Uint32Array.from([0, 2, 2])],
          coordinates: [undefined, Uint32Array.from([0, 0])],
          values: Float64Array.from([1, 2]),
        },
        csr.format,
        csr.levelSizes,
      ),
    ).toThrow(/strictly increasing/);
  });

  it('every format, conversion and SpMV equals the plain loop that adds the values (seeded)', () => {
    const spmv = new Map<NamedFormat, ReturnType<typeof kernelOf>>();
    function kernelOf(format: NamedFormat) {
      const kernel = sparsify('y(i) = A(i,j) * x(j)', { A: format }, { valueType: 'f64' });
      return { kernel, run: compile(kernel.module, kernel.functionName, { engine: 'js' }) };
    }
    fc.assert(
      fc.property(withRepeats, ({ rows, cols, entries, format, target }) => {
        const coordinates = entries.map(([i, j]) => [i, j]);
        const values = entries.map(([, , v]) => v);
        const dense = summed(coordinates, values, rows, cols);
        const t = SparseTensor.fromCoordinates(coordinates, values, [rows, cols], format, {
          dtype: 'float64',
        });
        expect(Array.from(t.toDense() as Float64Array)).toEqual(dense);
        const distinct = new Set(coordinates.map((c) => c.join())).size;
        expect(t.nnz).toBe(distinct);
        expect(Array.from(t.convert(target).toDense() as Float64Array)).toEqual(dense);
        // Storage read back with its rows shuffled into one COO segment sums the same.
        const listed = t.toCoordinates();
        const order = listed.coordinates.map((_, k) => k).reverse();
        const again = SparseTensor.fromCoordinates(
          [...order.map((k) => listed.coordinates[k] as number[]), ...coordinates],
          [...order.map((k) => listed.values[k] as number), ...values],
          [rows, cols],
          target,
          { dtype: 'float64' },
        );
        expect(Array.from(again.toDense() as Float64Array)).toEqual(dense.map((v) => 2 * v));
        if (!spmv.has(format)) spmv.set(format, kernelOf(format));
        const { kernel, run } = spmv.get(format) as ReturnType<typeof kernelOf>;
        const x = Float64Array.from({ length: cols }, (_, j) => j + 1);
        const y = runKernel(kernel, run, { A: t, x: { data: x, shape: [cols] } }) as Float64Array;
        const want = Array.from({ length: rows }, (_, i) =>
          dense.slice(i * cols, (i + 1) * cols).reduce((s, v, j) => s + v * (j + 1), 0),
        );
        expect(Array.from(y)).toEqual(want);
      }),
      { seed: 3405, numRuns: 200 },
    );
  });
});
