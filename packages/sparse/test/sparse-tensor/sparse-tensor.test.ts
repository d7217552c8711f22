import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  type IndexArray,
  type NamedFormat,
  SparseFormatError,
  SparseStorageError,
  SparseTensor,
  type StorageWidth,
} from '../../src/sparse-tensor/index.js';

/** An index array as plain numbers ([] when the level has none). */
const nums = (a: IndexArray | undefined): number[] =>
  a === undefined ? [] : Array.from({ length: a.length }, (_, k) => Number(a[k]));

// The 4x3 example matrix used throughout (hand-derived storage below).
//   [1 0 2]
//   [0 0 0]
//   [0 3 4]
//   [5 0 0]
const DENSE = new Float32Array([1, 0, 2, 0, 0, 0, 0, 3, 4, 5, 0, 0]);

describe('SparseTensor storage (hand-derived golden cases)', () => {
  it('CSR stores row pointers, column coordinates and row-major values', () => {
    const t = SparseTensor.fromDense(DENSE, [4, 3], 'CSR');
    expect(nums(t.positions[1])).toEqual([0, 2, 2, 4, 5]);
    expect(nums(t.coordinates[1])).toEqual([0, 2, 1, 2, 0]);
    expect(Array.from<number | bigint>(t.values)).toEqual([1, 2, 3, 4, 5]);
    expect(t.positions[0]).toBeUndefined();
  });

  it('CSC stores column pointers and row coordinates', () => {
    const t = SparseTensor.fromDense(DENSE, [4, 3], 'CSC');
    expect(t.format.order).toEqual([1, 0]);
    expect(nums(t.positions[1])).toEqual([0, 2, 3, 5]);
    expect(nums(t.coordinates[1])).toEqual([0, 3, 2, 0, 2]);
    expect(Array.from<number | bigint>(t.values)).toEqual([1, 5, 3, 2, 4]);
  });

  it('DCSR compresses the rows too (row 1 is empty and not stored)', () => {
    const t = SparseTensor.fromDense(DENSE, [4, 3], 'DCSR');
    expect(nums(t.positions[0])).toEqual([0, 3]);
    expect(nums(t.coordinates[0])).toEqual([0, 2, 3]);
    expect(nums(t.positions[1])).toEqual([0, 2, 4, 5]);
  });

  it('COO keeps one row coordinate per entry (non-unique level + singleton)', () => {
    const t = SparseTensor.fromDense(DENSE, [4, 3], 'COO');
    expect(t.format.levels).toEqual(['compressed(nonunique)', 'singleton']);
    expect(nums(t.positions[0])).toEqual([0, 5]);
    expect(nums(t.coordinates[0])).toEqual([0, 0, 2, 2, 3]);
    expect(nums(t.coordinates[1])).toEqual([0, 2, 1, 2, 0]);
  });

  it('allocates index arrays of the chosen width', () => {
    const widths: [StorageWidth, string][] = [
      [8, 'Uint8Array'],
      [16, 'Uint16Array'],
      [32, 'Uint32Array'],
      [64, 'BigUint64Array'],
      ['index', 'BigInt64Array'],
    ];
    for (const [w, ctor] of widths) {
      const t = SparseTensor.fromDense(DENSE, [4, 3], 'CSR', { posWidth: w, crdWidth: w });
      expect(t.positions[1]?.constructor.name).toBe(ctor);
      expect(t.coordinates[1]?.constructor.name).toBe(ctor);
      expect(Array.from<number | bigint>(t.toDense())).toEqual(Array.from(DENSE));
    }
  });

  it('builds from unordered coordinate lists', () => {
    const t = SparseTensor.fromCoordinates(
      [
        [3, 0],
        [0, 2],
        [2, 1],
        [0, 0],
        [2, 2],
      ],
      [5, 2, 3, 1, 4],
      [4, 3],
      'CSR',
    );
    expect(Array.from<number | bigint>(t.toDense())).toEqual(Array.from(DENSE));
    expect(t.toCoordinates().coordinates).toEqual([
      [0, 0],
      [0, 2],
      [2, 1],
      [2, 2],
      [3, 0],
    ]);
  });
});

/** Reference: the non-zero entries of a dense row-major matrix, in row-major order. */
function denseEntries(
  data: ArrayLike<number>,
  rows: number,
  cols: number,
): [number, number, number][] {
  const out: [number, number, number][] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const v = data[i * cols + j] as number;
      if (v !== 0) out.push([i, j, v]);
    }
  }
  return out;
}

describe('SparseTensor round trips (property)', () => {
  const formats: NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'];
  const matrix = fc
    .record({ rows: fc.integer({ min: 1, max: 7 }), cols: fc.integer({ min: 1, max: 7 }) })
    .chain(({ rows, cols }) =>
      fc.record({
        rows: fc.constant(rows),
        cols: fc.constant(cols),
        data: fc.array(fc.oneof(fc.constant(0), fc.constant(0), fc.integer({ min: -9, max: 9 })), {
          minLength: rows * cols,
          maxLength: rows * cols,
        }),
      }),
    );

  it('dense -> sparse -> dense is the identity and nnz counts the non-zeros', () => {
    fc.assert(
      fc.property(matrix, fc.constantFrom(...formats), ({ rows, cols, data }, format) => {
        const t = SparseTensor.fromDense(Float64Array.from(data), [rows, cols], format);
        expect(Array.from<number | bigint>(t.toDense())).toEqual(data.map((x) => x + 0));
        const entries = denseEntries(data, rows, cols);
        expect(t.nnz).toBe(entries.length);
        const got = t.toCoordinates();
        const sorted = got.coordinates
          .map((c, k) => [c[0], c[1], got.values[k]])
          .sort(
            (a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number),
          );
        expect(sorted).toEqual(entries);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('fromStorage accepts what fromDense built', () => {
    fc.assert(
      fc.property(matrix, fc.constantFrom(...formats), ({ rows, cols, data }, format) => {
        const t = SparseTensor.fromDense(Float32Array.from(data), [rows, cols], format, {
          crdWidth: 16,
        });
        const copy = SparseTensor.fromStorage([rows, cols], t.format, t);
        expect(Array.from<number | bigint>(copy.toDense())).toEqual(
          Array.from<number | bigint>(t.toDense()),
        );
      }),
      { seed: 42, numRuns: 100 },
    );
  });

  it('rank-3 COO and dense-level formats round trip', () => {
    const data = Float32Array.from({ length: 24 }, (_, k) => (k % 5 === 0 ? k + 1 : 0));
    const specs: FormatSpec[] = [
      'COO',
      ['dense', 'dense', 'compressed'],
      ['compressed', 'dense', 'dense'],
    ];
    for (const spec of specs) {
      const t = SparseTensor.fromDense(data, [2, 3, 4], spec);
      expect(Array.from<number | bigint>(t.toDense())).toEqual(Array.from(data));
    }
  });
});

describe('SparseTensor validation', () => {
  const csr = SparseTensor.fromDense(DENSE, [4, 3], 'CSR');
  const withLevel1 = (pos: number[], crd: number[], values = 5) => ({
    positions: [undefined, Uint32Array.from(pos)],
    coordinates: [undefined, Uint32Array.from(crd)],
    values: new Float32Array(values),
  });

  it('rejects non-monotone positions', () => {
    const bad = () =>
      SparseTensor.fromStorage([4, 3], 'CSR', withLevel1([0, 2, 1, 4, 5], [0, 2, 1, 2, 0]));
    expect(bad).toThrow(SparseStorageError);
    expect(bad).toThrow(/positions\[1\] at 2: positions must be non-decreasing/);
  });

  it('rejects out-of-range coordinates', () => {
    expect(() =>
      SparseTensor.fromStorage([4, 3], 'CSR', withLevel1([0, 2, 2, 4, 5], [0, 3, 1, 2, 0])),
    ).toThrow(/coordinates\[1\] at 1: coordinate 3 is out of range for level size 3/);
  });

  it('sorts coordinates out of order within a row and sums repeated ones', () => {
    const t = SparseTensor.fromStorage([4, 3], 'CSR', {
      positions: [undefined, Uint32Array.from([0, 2, 2, 5, 6])],
      coordinates: [undefined, Uint32Array.from([2, 0, 1, 2, 1, 0])],
      values: Float32Array.from([1, 2, 3, 4, 5, 6]),
    });
    expect(nums(t.positions[1])).toEqual([0, 2, 2, 4, 5]);
    expect(nums(t.coordinates[1])).toEqual([0, 2, 1, 2, 0]);
    expect(Array.from(t.values as Float32Array)).toEqual([2, 1, 8, 4, 6]);
  });

  it('rejects wrong lengths', () => {
    expect(() =>
      SparseTensor.fromStorage([4, 3], 'CSR', withLevel1([0, 2, 2, 4], [0, 2, 1, 2, 0])),
    ).toThrow(/positions\[1\]: expected length 5/);
    expect(() =>
      SparseTensor.fromStorage([4, 3], 'CSR', withLevel1([0, 2, 2, 4, 5], [0, 2, 1, 2, 0], 4)),
    ).toThrow(/values: expected length 5/);
    expect(() =>
      SparseTensor.fromStorage([4, 3], 'CSR', withLevel1([0, 2, 2, 4, 6], [0, 2, 1, 2, 0])),
    ).toThrow(/last position 6 must equal the coordinates length 5/);
  });

  it('sorts COO tuples and sums repeated ones; rejects arrays of the wrong width', () => {
    const coo = {
      positions: [Uint32Array.from([0, 3]), undefined],
      coordinates: [Uint32Array.from([1, 1, 1]), Uint32Array.from([2, 0, 2])],
      values: Float32Array.from([1, 2, 3]),
    };
    const t = SparseTensor.fromStorage([4, 3], 'COO', coo);
    expect(nums(t.coordinates[0])).toEqual([1, 1]);
    expect(nums(t.coordinates[1])).toEqual([0, 2]);
    expect(Array.from(t.values as Float32Array)).toEqual([2, 4]);
    expect(() =>
      SparseTensor.fromStorage([4, 3], { levels: ['dense', 'compressed'], crdWidth: 16 }, csr),
    ).toThrow(/expected a 16-wide array, got 32/);
  });

  it('rejects positions that do not fit the chosen width', () => {
    const big = new Float32Array(300).fill(1);
    expect(() => SparseTensor.fromDense(big, [1, 300], 'CSR', { posWidth: 8 })).toThrow(
      /positions\[1\] at 1: 300 does not fit a 8-bit array/,
    );
  });

  it('rejects bad data, duplicates and bad formats', () => {
    expect(() => SparseTensor.fromDense(new Float32Array(5), [2, 3], 'CSR')).toThrow(
      /data: expected 6 elements/,
    );
    expect(() => SparseTensor.fromCoordinates([[0, 5]], [1], [2, 2], 'CSR')).toThrow(
      /\[0, 5\] is not inside shape/,
    );
    expect(() => SparseTensor.fromDense(DENSE, [4, 3], 'sparse-vector')).toThrow(SparseFormatError);
    expect(() => SparseTensor.fromDense(DENSE, [4, 3], ['singleton', 'dense'])).toThrow(
      /singleton level must follow/,
    );
    expect(() =>
      SparseTensor.fromDense(DENSE, [4, 3], { levels: ['dense', 'dense'], order: [0, 0] }),
    ).toThrow(/format.order/);
  });

  it('rejects an unknown format name with a typed error that lists the names (any case)', () => {
    const attempt = (format: unknown) => () =>
      SparseTensor.fromDense(DENSE, [4, 3], format as 'CSR');
    expect(attempt('BSR')).toThrow(SparseFormatError);
    expect(attempt('BSR')).toThrow(
      /unknown format name 'BSR'; expected one of 'dense', 'CSR'.*\(any case\)/,
    );
    expect(attempt(42)).toThrow(/Invalid format: expected a format name.*got number/);
    expect(attempt(null)).toThrow(/got null/);
    expect(SparseTensor.fromCoordinates([], [], [4, 3], 'Csc' as 'CSC').format).toEqual(
      SparseTensor.fromCoordinates([], [], [4, 3], 'CSC').format,
    );
    expect(Array.from(attempt('csr')().toDense() as Float32Array)).toEqual(Array.from(DENSE));
  });

  it('never mutates its inputs', () => {
    const data = DENSE.slice();
    const t = SparseTensor.fromDense(data, [4, 3], 'CSR');
    const copy = SparseTensor.fromStorage([4, 3], 'CSR', t);
    expect(Array.from(data)).toEqual(Array.from(DENSE));
    expect(copy.values).not.toBe(t.values);
  });
});
