/**
 * The bulk builder (counting sorts, packing level by level) against
 * the plain builder of support/reference-build.ts (a comparison sort, a map numbering each
 * level's tuples), bit for bit: every level type combination of ranks 1 to 3 in every mode
 * order, COO, every position/coordinate width, every dtype, and every way coordinates are
 * given (tuples, a flat `Int32Array`, `Float64Array`, `BigInt64Array` or number list), on
 * seeded random inputs: empty, full of duplicates (summed in the order given, so float sums
 * round the same way), sorted, reverse sorted, skewed into one row, and levels far larger
 * than the entries (sorted digit by digit). Conversions between all those formats are held
 * to the same reference.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  resolveFormat,
  SparseStorageError,
  SparseTensor,
  type StorageWidth,
  type ValueDType,
} from '../../src/index.js';
import { STORAGE_WIDTHS, VALUE_DTYPES } from '../support/storage-options.js';
import { formatsOfRank } from './support/formats-of-rank.js';
import { referenceStorage } from './support/reference-build.js';
import {
  describeFormat,
  expectConversionsMatch,
  expectEachFormBuilds,
  expectSameStorage,
} from './support/same-storage.js';

const SHAPES_OF_RANK: Record<number, number[]> = { 1: [9], 2: [7, 5], 3: [4, 3, 5] };

type Layout = 'random' | 'sorted' | 'reversed' | 'skewed' | 'duplicates' | 'empty';
const LAYOUTS: readonly Layout[] = [
  'random',
  'sorted',
  'reversed',
  'skewed',
  'duplicates',
  'empty',
];

interface Triples {
  readonly tuples: number[][];
  readonly values: (number | bigint)[];
}

/** Seeded triples of one layout inside `shape`, values of `dtype`. */
function triples(
  random: () => number,
  shape: readonly number[],
  dtype: ValueDType,
  layout: Layout,
): Triples {
  const below = (n: number) => Math.floor(random() * n);
  const count = layout === 'empty' ? 0 : 1 + below(30);
  const distinct = layout === 'duplicates' ? 1 + below(4) : count;
  const pool = Array.from({ length: distinct }, () =>
    shape.map((n, d) => (layout === 'skewed' && d === 0 && random() < 0.9 ? n - 1 : below(n))),
  );
  const tuples = Array.from({ length: count }, (_, k) => [...(pool[k % distinct] as number[])]);
  const order = (a: number[], b: number[]) => {
    for (let d = 0; d < a.length; d++)
      if (a[d] !== b[d]) return (a[d] as number) - (b[d] as number);
    return 0;
  };
  if (layout === 'sorted') tuples.sort(order);
  if (layout === 'reversed') tuples.sort((a, b) => order(b, a));
  if (layout === 'duplicates') tuples.sort(() => random() - 0.5);
  const values = tuples.map(() => {
    if (dtype === 'int64') return BigInt(below(2 ** 40)) * (random() < 0.5 ? -1n : 1n);
    if (dtype === 'int32') return below(2 ** 31) * (random() < 0.5 ? -1 : 1);
    return (random() - 0.5) * 10 ** below(8);
  });
  return { tuples, values };
}

/** The ways a caller may give the same coordinates. */
function coordinateForms(
  tuples: number[][],
): [string, Parameters<typeof SparseTensor.fromCoordinates>[0]][] {
  const flat = tuples.flat();
  return [
    ['tuples', tuples],
    ['Int32Array', Int32Array.from(flat)],
    ['Float64Array', Float64Array.from(flat)],
    ['BigInt64Array', BigInt64Array.from(flat, (x) => BigInt(x))],
    ['number list', flat],
  ];
}

describe('the bulk builder equals the plain builder bit for bit', () => {
  for (const rank of [1, 2, 3]) {
    it(`every rank-${rank} format, width, dtype, layout and coordinate form (seeded)`, () => {
      const random = seededRandom(100 + rank);
      const shape = SHAPES_OF_RANK[rank] as number[];
      let checked = 0;
      for (const spec of formatsOfRank(rank)) {
        for (const layout of LAYOUTS) {
          const dtype = VALUE_DTYPES[Math.floor(random() * VALUE_DTYPES.length)] as ValueDType;
          const posWidth = STORAGE_WIDTHS[
            Math.floor(random() * STORAGE_WIDTHS.length)
          ] as StorageWidth;
          const crdWidth = STORAGE_WIDTHS[
            Math.floor(random() * STORAGE_WIDTHS.length)
          ] as StorageWidth;
          const format = resolveFormat(spec, rank, { posWidth, crdWidth });
          const { tuples, values } = triples(random, shape, dtype, layout);
          const expected = referenceStorage(tuples, values, shape, format, dtype);
          const forms = coordinateForms(tuples);
          checked += expectEachFormBuilds(forms, values, shape, format, dtype, expected, layout);
        }
      }
      expect(checked).toBe(formatsOfRank(rank).length * LAYOUTS.length * 5);
    });
  }

  it('every width for every format of rank 2 (seeded, every dtype)', () => {
    const random = seededRandom(7);
    const shape = [6, 9];
    for (const spec of formatsOfRank(2)) {
      for (const posWidth of STORAGE_WIDTHS) {
        for (const crdWidth of STORAGE_WIDTHS) {
          for (const dtype of VALUE_DTYPES) {
            const format = resolveFormat(spec, 2, { posWidth, crdWidth });
            const { tuples, values } = triples(random, shape, dtype, 'duplicates');
            const built = SparseTensor.fromCoordinates(tuples, values, shape, format, { dtype });
            expectSameStorage(
              built,
              referenceStorage(tuples, values, shape, format, dtype),
              `${describeFormat(format)} ${dtype}`,
            );
          }
        }
      }
    }
  });

  it('levels far larger than the entries, sorted digit by digit (seeded)', () => {
    const random = seededRandom(11);
    const shapes = [
      [2 ** 20, 3],
      [5, 2 ** 33],
      [2 ** 45, 2 ** 40, 2],
    ];
    for (const shape of shapes) {
      for (const name of ['COO', 'DCSR', 'DCSC'] as const) {
        if (shape.length !== 2 && name !== 'COO') continue;
        for (const layout of LAYOUTS) {
          const format = resolveFormat(name, shape.length, { posWidth: 32, crdWidth: 'index' });
          const count = layout === 'empty' ? 0 : 1 + Math.floor(random() * 300);
          const pool = Array.from({ length: layout === 'duplicates' ? 5 : count }, () =>
            shape.map((n) => Math.floor(random() * n)),
          );
          const tuples = Array.from({ length: count }, (_, k) => [
            ...(pool[k % pool.length] as number[]),
          ]);
          if (layout === 'sorted' || layout === 'reversed') {
            tuples.sort(
              (a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number),
            );
            if (layout === 'reversed') tuples.reverse();
          }
          const values = tuples.map(() => random() - 0.5);
          const built = SparseTensor.fromCoordinates(tuples, values, shape, format, {
            dtype: 'float64',
          });
          expectSameStorage(
            built,
            referenceStorage(tuples, values, shape, format, 'float64'),
            `${name} [${shape.join(', ')}] ${layout}`,
          );
        }
      }
    }
  });

  it('convert between every pair of rank-2 formats, widths and layouts equals the plain builder (seeded)', () => {
    const random = seededRandom(23);
    const shape = [8, 6];
    const formats = formatsOfRank(2);
    const pick = () => STORAGE_WIDTHS[Math.floor(random() * STORAGE_WIDTHS.length)] as StorageWidth;
    for (const from of formats) {
      for (const layout of LAYOUTS) {
        const dtype = VALUE_DTYPES[Math.floor(random() * VALUE_DTYPES.length)] as ValueDType;
        const { tuples, values } = triples(random, shape, dtype, layout);
        const sourceFormat = resolveFormat(from, 2, { posWidth: pick(), crdWidth: pick() });
        const source = SparseTensor.fromCoordinates(tuples, values, shape, sourceFormat, {
          dtype,
        });
        const targets = formats.map((to) =>
          resolveFormat(to, 2, { posWidth: pick(), crdWidth: pick() }),
        );
        expectConversionsMatch(source, targets, layout);
      }
    }
  });

  it('a position or coordinate past the width is a SparseStorageError naming the array', () => {
    const tuples = Array.from({ length: 300 }, (_, k) => [k, 0]);
    const values = tuples.map(() => 1);
    const positions = thrownBy(() =>
      SparseTensor.fromCoordinates(tuples, values, [300, 1], 'COO', { posWidth: 8 }),
    );
    expect(positions).toBeInstanceOf(SparseStorageError);
    expect(positions).toMatchObject({ argument: 'positions[0]', at: 1 });
    const coordinates = thrownBy(() =>
      SparseTensor.fromCoordinates(tuples, values, [300, 1], 'DCSR', { crdWidth: 8 }),
    );
    expect(coordinates).toBeInstanceOf(SparseStorageError);
    expect(coordinates).toMatchObject({ argument: 'coordinates[0]', at: 256 });
  });
});
