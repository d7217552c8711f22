/**
 * Construction in the forms users bring from elsewhere — TensorFlow's `SparseTensor` triple
 * (`{indices, values, denseShape}`, nested or flat, through `SparseTensor.from` and
 * `new SparseTensor`), scipy's COO (`{row, col, data, shape}`) and CSR
 * (`{indptr, indices, data, shape}`) arrays — each held to `fromCoordinates` on the same
 * entries in the same order, bit for bit, on seeded random inputs of ranks 1 to 4 with
 * duplicates and any order; the default format of each rank; format names in any case; the
 * triple read back (`toTriple`) against a plain sort of the stored entries; `transpose`
 * against a plain loop over the dense array; and bad input of every form as a typed error
 * naming the field, with nothing mutated.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  defaultFormat,
  type NamedFormat,
  resolveFormat,
  SparseArgumentError,
  SparseError,
  SparseTensor,
} from '../../src/index.js';
import { sameStorage } from './support/reference-build.js';

interface Case {
  readonly shape: number[];
  readonly tuples: number[][];
  readonly values: number[];
}

/** Seeded entries of a random shape of `rank`, with repeats, in random order. */
function randomCase(random: () => number, rank: number): Case {
  const below = (n: number) => Math.floor(random() * n);
  const shape = Array.from({ length: rank }, () => 1 + below(7));
  const distinct = below(12);
  const pool = Array.from({ length: distinct }, () => shape.map((n) => below(n)));
  const count = distinct === 0 ? 0 : below(20);
  const tuples = Array.from({ length: count }, () => [...(pool[below(distinct)] as number[])]);
  const values = tuples.map(() => (random() - 0.5) * 1000);
  return { shape, tuples, values };
}

function expectSame(actual: SparseTensor, expected: SparseTensor, what: string): void {
  expect(actual.shape, what).toEqual(expected.shape);
  expect(actual.format, what).toEqual(expected.format);
  const same = sameStorage(actual, expected);
  if (!same) expect(actual.toCoordinates(), what).toEqual(expected.toCoordinates());
  expect(same, what).toBe(true);
}

describe('SparseTensor from the forms of TensorFlow and scipy', () => {
  it('a TensorFlow triple, nested or flat, equals fromCoordinates in every format (seeded)', () => {
    const random = seededRandom(37);
    for (let trial = 0; trial < 120; trial++) {
      const rank = 1 + (trial % 4);
      const { shape, tuples, values } = randomCase(random, rank);
      const formats = [undefined, 'COO', 'CSF', 'dense'] as const;
      const format = formats[trial % formats.length];
      const expected = SparseTensor.fromCoordinates(tuples, values, shape, format);
      const flat = Int32Array.from(tuples.flat());
      const forms = [
        SparseTensor.from({ indices: tuples, values, denseShape: shape }, format),
        SparseTensor.from({ indices: flat, values, denseShape: Int32Array.from(shape) }, format),
        SparseTensor.from(
          {
            indices: BigInt64Array.from(tuples.flat(), BigInt),
            values: Float32Array.from(values),
            denseShape: BigInt64Array.from(shape, BigInt),
          },
          format,
        ),
        new SparseTensor({ indices: tuples, values, denseShape: shape }, format),
      ];
      forms.forEach((built, k) => {
        expectSame(built, expected, `trial ${trial} form ${k}`);
      });
    }
  });

  it("scipy's COO and CSR arrays equal fromCoordinates on the same entries (seeded)", () => {
    const random = seededRandom(41);
    for (let trial = 0; trial < 120; trial++) {
      const { shape, tuples, values } = randomCase(random, 2);
      const format = (['CSR', 'CSC', 'COO', 'DCSR'] as const)[trial % 4];
      const coo = SparseTensor.from(
        {
          row: Int32Array.from(tuples, (t) => t[0] as number),
          col: tuples.map((t) => t[1] as number),
          data: Float64Array.from(values),
          shape,
        },
        format,
      );
      expectSame(
        coo,
        SparseTensor.fromCoordinates(tuples, Float64Array.from(values), shape, format),
        `COO trial ${trial}`,
      );
      // CSR arrays: rows grouped, columns within a row in the given (unsorted) order.
      const byRow = tuples.map((t, k) => ({ t, v: values[k] as number }));
      byRow.sort((a, b) => (a.t[0] as number) - (b.t[0] as number));
      const indptr = new Int32Array((shape[0] as number) + 1);
      for (const { t } of byRow)
        indptr[(t[0] as number) + 1] = (indptr[(t[0] as number) + 1] as number) + 1;
      for (let r = 0; r < (shape[0] as number); r++)
        indptr[r + 1] = (indptr[r + 1] as number) + (indptr[r] as number);
      const csr = SparseTensor.from(
        {
          indptr,
          indices: Int32Array.from(byRow, (e) => e.t[1] as number),
          data: byRow.map((e) => e.v),
          shape,
        },
        format,
      );
      expectSame(
        csr,
        SparseTensor.fromCoordinates(
          byRow.map((e) => e.t),
          byRow.map((e) => e.v),
          shape,
          format,
        ),
        `CSR trial ${trial}`,
      );
    }
  });

  it('the default format is sparse-vector for rank 1, CSR for rank 2 and COO above', () => {
    expect([1, 2, 3, 4].map(defaultFormat)).toEqual(['sparse-vector', 'CSR', 'COO', 'COO']);
    const random = seededRandom(43);
    for (const rank of [1, 2, 3, 4]) {
      const { shape, tuples, values } = randomCase(random, rank);
      const named = resolveFormat(defaultFormat(rank), rank);
      for (const built of [
        SparseTensor.fromCoordinates(tuples, values, shape),
        SparseTensor.from({ indices: tuples, values, denseShape: shape }),
        SparseTensor.fromDense(
          SparseTensor.fromCoordinates(tuples, values, shape).toDense(),
          shape,
        ),
      ]) {
        expect(built.format).toEqual(named);
      }
    }
    const matrix = SparseTensor.from({ row: [1], col: [0], data: [2], shape: [2, 2] });
    expect(matrix.format.levels).toEqual(['dense', 'compressed']);
  });

  it('format names are read in any case', () => {
    const names: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO', 'CSF', 'dense'];
    for (const name of names) {
      const canonical = resolveFormat(name, 2);
      for (const spelling of [
        name.toLowerCase(),
        name.toUpperCase(),
        name[0] + name.slice(1).toLowerCase(),
      ]) {
        expect(resolveFormat(spelling as NamedFormat, 2), spelling).toEqual(canonical);
      }
    }
    const t = SparseTensor.fromCoordinates([[1, 2]], [5], [3, 3], 'Coo' as 'COO');
    expect(t.format.levels).toEqual(['compressed(nonunique)', 'singleton']);
    expect(thrownBy(() => resolveFormat('BSR' as 'CSR', 2))).toMatchObject({
      name: 'SparseFormatError',
      argument: 'format',
    });
  });

  it('toTriple gives the stored entries in row-major order, what from() takes back (seeded)', () => {
    const random = seededRandom(47);
    for (let trial = 0; trial < 80; trial++) {
      const rank = 1 + (trial % 3);
      const { shape, tuples, values } = randomCase(random, rank);
      const orders = [undefined, 'COO', 'CSF'] as const;
      let t = SparseTensor.fromCoordinates(tuples, values, shape, orders[trial % 3]);
      if (rank === 2 && trial % 2 === 0) t = t.convert('CSC');
      const stored = t.toCoordinates();
      const plain = stored.coordinates
        .map((c, k) => ({ c, v: stored.values[k] as number }))
        .sort((a, b) => {
          for (let d = 0; d < rank; d++)
            if (a.c[d] !== b.c[d]) return (a.c[d] as number) - (b.c[d] as number);
          return 0;
        });
      const triple = t.toTriple();
      expect(triple.denseShape).toEqual(shape);
      expect(triple.indices).toEqual(plain.map((e) => e.c));
      expect(Array.from(triple.values as Float32Array)).toEqual(plain.map((e) => e.v));
      expect(triple.values).toBeInstanceOf(Float32Array);
      expectSame(SparseTensor.from(triple, t.format), t, `trial ${trial}`);
    }
  });

  it('transpose equals the plain transposed dense array, for matrices and any permutation (seeded)', () => {
    const random = seededRandom(53);
    for (let trial = 0; trial < 80; trial++) {
      const rank = 2 + (trial % 3);
      const { shape, tuples, values } = randomCase(random, rank);
      const formats = ['CSR', 'CSC', 'DCSR', 'COO'] as const;
      const t = SparseTensor.fromCoordinates(
        tuples,
        values,
        shape,
        rank === 2 ? formats[trial % 4] : trial % 2 === 0 ? 'COO' : 'CSF',
      );
      const perm = rank === 2 ? undefined : shuffled(random, rank);
      const p = perm ?? [1, 0];
      const out = t.transpose(perm);
      expect(out.shape).toEqual(p.map((d) => shape[d]));
      // Plain loop: out[i_0, …] = t[j] with j[p[k]] = i_k.
      const dense = t.toDense();
      const expected = new Float32Array(dense.length);
      const outStrides = strides(out.shape);
      const inStrides = strides(shape);
      for (let at = 0; at < dense.length; at++) {
        let rest = at;
        let from = 0;
        for (let k = 0; k < rank; k++) {
          const i = Math.floor(rest / (outStrides[k] as number));
          rest -= i * (outStrides[k] as number);
          from += i * (inStrides[p[k] as number] as number);
        }
        expected[at] = dense[from] as number;
      }
      expect(Array.from(out.toDense() as Float32Array), `trial ${trial}`).toEqual(
        Array.from(expected),
      );
      const inverse = p.map((_, k) => p.indexOf(k));
      expectSame(out.transpose(rank === 2 ? undefined : inverse), t, `trial ${trial} back`);
    }
    const csr = SparseTensor.fromCoordinates([[0, 1]], [1], [2, 3]);
    expect(csr.transpose().format.order).toEqual([1, 0]);
    expect(csr.transpose().format.levels).toEqual(['dense', 'compressed']);
  });
});

function shuffled(random: () => number, n: number): number[] {
  const p = Array.from({ length: n }, (_, k) => k);
  for (let k = n - 1; k > 0; k--) {
    const j = Math.floor(random() * (k + 1));
    [p[k], p[j]] = [p[j] as number, p[k] as number];
  }
  return p;
}

function strides(shape: readonly number[]): number[] {
  const out = shape.map(() => 1);
  for (let d = shape.length - 2; d >= 0; d--)
    out[d] = (out[d + 1] as number) * (shape[d + 1] as number);
  return out;
}

describe('bad input of every form is a typed error naming the field, nothing mutated', () => {
  const cases: [string, () => unknown, string][] = [
    ['source junk', () => SparseTensor.from(42 as never), 'source'],
    ['source array', () => new SparseTensor([2] as never, {} as never, {} as never), 'source'],
    ['source fields', () => SparseTensor.from({ foo: 1 } as never), 'source'],
    [
      'indices outside',
      () => SparseTensor.from({ indices: [[0, 5]], values: [1], denseShape: [2, 3] }),
      'indices',
    ],
    [
      'flat indices length',
      () => SparseTensor.from({ indices: [0, 1, 2], values: [1], denseShape: [2, 3] }),
      'indices',
    ],
    [
      'fractional index',
      () =>
        SparseTensor.from({ indices: new Float64Array([0, 1.5]), values: [1], denseShape: [2, 3] }),
      'indices',
    ],
    [
      'values length',
      () => SparseTensor.from({ indices: [[0, 1]], values: [1, 2], denseShape: [2, 3] }),
      'values',
    ],
    [
      'values junk',
      () => SparseTensor.from({ indices: [[0, 1]], values: ['x'] as never, denseShape: [2, 3] }),
      'values',
    ],
    [
      'denseShape junk',
      () => SparseTensor.from({ indices: [[0, 1]], values: [1], denseShape: [-2, 3] }),
      'denseShape',
    ],
    [
      'col length',
      () => SparseTensor.from({ row: [0, 1], col: [0], data: [1, 2], shape: [2, 2] }),
      'col',
    ],
    [
      'row outside',
      () => SparseTensor.from({ row: [0, 2], col: [0, 1], data: [1, 2], shape: [2, 2] }),
      'row',
    ],
    [
      'data length',
      () => SparseTensor.from({ row: [0], col: [0], data: [1, 2], shape: [2, 2] }),
      'data',
    ],
    [
      'scipy shape rank',
      () => SparseTensor.from({ row: [0], col: [0], data: [1], shape: [2, 2, 2] }),
      'shape',
    ],
    [
      'indptr length',
      () => SparseTensor.from({ indptr: [0, 1], indices: [0], data: [1], shape: [2, 2] }),
      'indptr',
    ],
    [
      'indptr decreasing',
      () => SparseTensor.from({ indptr: [0, 2, 1], indices: [0, 1], data: [1, 2], shape: [2, 2] }),
      'indptr',
    ],
    [
      'indptr end',
      () => SparseTensor.from({ indptr: [0, 1, 1], indices: [0, 1], data: [1, 2], shape: [2, 2] }),
      'indptr',
    ],
    [
      'csr indices outside',
      () => SparseTensor.from({ indptr: [0, 1, 1], indices: [3], data: [1], shape: [2, 2] }),
      'indices',
    ],
    [
      'format name',
      () => SparseTensor.from({ row: [0], col: [0], data: [1], shape: [2, 2] }, 'BSR' as never),
      'format',
    ],
    ['perm', () => SparseTensor.fromCoordinates([[0, 1]], [1], [2, 3]).transpose([0, 0]), 'perm'],
    [
      'perm junk',
      () => SparseTensor.fromCoordinates([[0, 1]], [1], [2, 3]).transpose('x' as never),
      'perm',
    ],
  ];
  it.each(cases)('%s', (_, build, argument) => {
    const error = thrownBy(build);
    expect(error).toBeInstanceOf(SparseError);
    expect(error).toMatchObject({ argument });
  });

  it('leaves the given arrays as they were', () => {
    const source = {
      indices: [
        [1, 2],
        [0, 0],
        [1, 2],
      ],
      values: new Float32Array([3, 4, 5]),
      denseShape: [2, 3],
    };
    const copy = structuredClone(source);
    const t = SparseTensor.from(source, 'COO');
    t.toTriple();
    t.transpose();
    expect(source).toEqual(copy);
    const scipy = {
      indptr: new Int32Array([0, 2, 3]),
      indices: new Int32Array([2, 0, 2]),
      data: [1, 2, 3],
      shape: [2, 3],
    };
    const scipyCopy = structuredClone(scipy);
    SparseTensor.from(scipy);
    expect(scipy).toEqual(scipyCopy);
    expect(thrownBy(() => t.transpose([2] as never))).toBeInstanceOf(SparseArgumentError);
  });
});
