/**
 * Matrices in a row form (CSR, CSC, DCSR, DCSC, COO of either level order) are built straight
 * from coordinates, by a counting scatter into the rows and an insertion sort of short rows,
 * or by two counting scatters when rows are long (src/sparse-tensor/row-form-build.ts); CSR
 * <-> CSC is the same transposition. Held here against the plain builder of
 * support/reference-build.ts (a comparison sort, duplicates summed one by one in the dtype)
 * bit for bit, on seeded random inputs of every layout that picks a different route: empty,
 * in order (no scatter), in order with repeats, reversed, random, a row on either side of the
 * insertion limit, rows long on average, one huge row, columns all equal, heavy repeats
 * (three and more of one coordinate, whose float sums depend on the order), and rare repeats
 * (a few among hundreds of entries, summed by copying the runs between them, beside equal
 * columns that end one row and start the next, which are not repeats); every dtype,
 * every position and coordinate width, coordinates given as tuples, flat typed arrays or
 * scipy's row and column arrays, and conversions and transposes into the row forms.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  resolveFormat,
  SparseStorageError,
  SparseTensor,
  type StorageWidth,
  type ValueDType,
} from '../../src/index.js';
import { STORAGE_WIDTHS, VALUE_DTYPES, widthsFitting } from '../support/storage-options.js';
import { referenceStorage } from './support/reference-build.js';
import {
  describeFormat,
  expectConversionsMatch,
  expectEachFormBuilds,
  expectSameStorage,
} from './support/same-storage.js';

const ROW_FORMS: readonly FormatSpec[] = [
  'CSR',
  'CSC',
  'DCSR',
  'DCSC',
  'COO',
  { levels: ['compressed(nonunique)', 'singleton'], order: [1, 0] },
];

type Layout =
  | 'empty'
  | 'in order'
  | 'in order, repeats'
  | 'reversed'
  | 'random'
  | 'a row of 64'
  | 'a row of 65'
  | 'rows of 30'
  | 'one huge row'
  | 'one column'
  | 'heavy repeats'
  | 'rare repeats';
const LAYOUTS: readonly Layout[] = [
  'empty',
  'in order',
  'in order, repeats',
  'reversed',
  'random',
  'a row of 64',
  'a row of 65',
  'rows of 30',
  'one huge row',
  'one column',
  'heavy repeats',
  'rare repeats',
];

interface Case {
  readonly shape: [number, number];
  readonly tuples: [number, number][];
  readonly values: (number | bigint)[];
}

function byRowThenColumn(a: [number, number], b: [number, number]): number {
  return a[0] - b[0] || a[1] - b[1];
}

/** Seeded coordinates of one layout (row-major for the layouts in order), values of `dtype`. */
function caseOf(random: () => number, layout: Layout, dtype: ValueDType): Case {
  const below = (n: number) => Math.floor(random() * n);
  const shuffled = <T>(list: T[]): T[] => {
    for (let i = list.length - 1; i > 0; i--) {
      const j = below(i + 1);
      [list[i], list[j]] = [list[j] as T, list[i] as T];
    }
    return list;
  };
  let shape: [number, number] = [1 + below(40), 1 + below(60)];
  let tuples: [number, number][] = [];
  const count = 1 + below(250);
  const anywhere = (): [number, number] => [below(shape[0]), below(shape[1])];
  switch (layout) {
    case 'empty':
      break;
    case 'in order': {
      const seen = new Set<number>();
      for (let k = 0; k < count; k++) {
        const [i, j] = anywhere();
        if (!seen.has(i * shape[1] + j)) tuples.push([i, j]);
        seen.add(i * shape[1] + j);
      }
      tuples.sort(byRowThenColumn);
      break;
    }
    case 'in order, repeats':
      tuples = Array.from({ length: count }, anywhere).sort(byRowThenColumn);
      break;
    case 'reversed':
      tuples = Array.from({ length: count }, anywhere).sort(byRowThenColumn).reverse();
      break;
    case 'random':
      tuples = Array.from({ length: count }, anywhere);
      break;
    case 'a row of 64':
    case 'a row of 65': {
      // One row exactly this long among short ones (the longest row an insertion sort takes,
      // and one past it), distinct random columns.
      const length = layout === 'a row of 64' ? 64 : 65;
      shape = [20 + below(20), length + below(100)];
      const long = below(shape[0]);
      const columns = shuffled(Array.from({ length: shape[1] }, (_, j) => j));
      for (const j of columns.slice(0, length)) tuples.push([long, j]);
      for (let k = below(40); k > 0; k--) {
        const i = below(shape[0] - 1);
        tuples.push([i < long ? i : i + 1, below(shape[1])]);
      }
      shuffled(tuples);
      break;
    }
    case 'rows of 30': {
      // Every row 30 long: rows short enough to sort by insertion, but more per row on
      // average than the builder sorts that way.
      shape = [1 + below(8), 30 + below(50)];
      for (let i = 0; i < shape[0]; i++) {
        const columns = shuffled(Array.from({ length: shape[1] }, (_, j) => j));
        for (const j of columns.slice(0, 30)) tuples.push([i, j]);
      }
      shuffled(tuples);
      break;
    }
    case 'one huge row': {
      shape = [1 + below(30), 1 + below(400)];
      const huge = below(shape[0]);
      tuples = Array.from({ length: 100 + below(400) }, (): [number, number] =>
        random() < 0.9 ? [huge, below(shape[1])] : anywhere(),
      );
      break;
    }
    case 'one column': {
      const j = below(shape[1]);
      tuples = Array.from({ length: count }, (): [number, number] => [below(shape[0]), j]);
      break;
    }
    case 'rare repeats': {
      shape = [60 + below(400), 60 + below(400)];
      const seen = new Set<number>();
      for (let k = 400 + below(300); k > 0; k--) {
        const [i, j] = anywhere();
        if (!seen.has(i * shape[1] + j)) tuples.push([i, j]);
        seen.add(i * shape[1] + j);
      }
      // Rows a and b (b = a + 1, or a + 2 with an empty row between) holding column j alone:
      // after sorting, equal columns stand side by side across a row's end.
      const a = below(shape[0] - 2);
      const b = a + 1 + below(2);
      const j = below(shape[1]);
      tuples = tuples.filter(([i]) => i < a || i > b);
      tuples.push([a, j], [b, j]);
      // One to three coordinates again, one of them twice more: summed in the order given.
      const again = Array.from({ length: 1 + below(3) }, () => [
        ...(tuples[below(tuples.length)] as [number, number]),
      ]) as [number, number][];
      tuples.push(...again, [...(again[0] as [number, number])]);
      shuffled(tuples);
      break;
    }
    case 'heavy repeats': {
      const pool = Array.from({ length: 1 + below(6) }, anywhere);
      tuples = Array.from({ length: count }, () => [
        ...(pool[below(pool.length)] as [number, number]),
      ]);
      break;
    }
  }
  const values = tuples.map(() => {
    if (dtype === 'int64') return BigInt(below(2 ** 40)) * (random() < 0.5 ? -1n : 1n);
    if (dtype === 'int32') return below(2 ** 31) * (random() < 0.5 ? -1 : 1);
    return (random() - 0.5) * 10 ** below(9);
  });
  return { shape, tuples, values };
}

describe('matrices built straight into a row form equal the plain builder bit for bit', () => {
  it('every row form, layout, dtype and width, from tuples and flat Int32Array/Float64Array coordinates (seeded)', () => {
    const random = seededRandom(3501);
    let checked = 0;
    for (const spec of ROW_FORMS) {
      for (const layout of LAYOUTS) {
        for (const dtype of VALUE_DTYPES) {
          const { shape, tuples, values } = caseOf(random, layout, dtype);
          const fitting = widthsFitting(shape, tuples.length);
          const pick = () => fitting[Math.floor(random() * fitting.length)] as StorageWidth;
          const format = resolveFormat(spec, 2, { posWidth: pick(), crdWidth: pick() });
          const expected = referenceStorage(tuples, values, shape, format, dtype);
          const flat = tuples.flat();
          const forms: [string, Parameters<typeof SparseTensor.fromCoordinates>[0]][] = [
            ['tuples', tuples],
            ['Int32Array', Int32Array.from(flat)],
            ['Float64Array', Float64Array.from(flat)],
          ];
          checked += expectEachFormBuilds(forms, values, shape, format, dtype, expected, layout);
        }
      }
    }
    expect(checked).toBe(ROW_FORMS.length * LAYOUTS.length * VALUE_DTYPES.length * 3);
  });

  it('every width that fits, from scipy row/col arrays (seeded)', () => {
    const random = seededRandom(3502);
    for (const spec of ROW_FORMS) {
      for (const width of STORAGE_WIDTHS) {
        for (const layout of LAYOUTS) {
          const dtype = VALUE_DTYPES[Math.floor(random() * VALUE_DTYPES.length)] as ValueDType;
          const { shape, tuples, values } = caseOf(random, layout, dtype);
          const format = resolveFormat(spec, 2, { posWidth: width, crdWidth: width });
          const source = {
            row: Int32Array.from(tuples, (t) => t[0]),
            col: Int32Array.from(tuples, (t) => t[1]),
            data: values,
            shape,
          };
          if (!widthsFitting(shape, tuples.length).includes(width)) continue;
          expectSameStorage(
            SparseTensor.from(source, format, { dtype }),
            referenceStorage(tuples, values, shape, format, dtype),
            `${describeFormat(format)} ${dtype} ${layout} scipy arrays`,
          );
        }
      }
    }
  });

  it('conversions into every row form equal the plain builder, every layout (seeded)', () => {
    const random = seededRandom(3503);
    const formats: FormatSpec[] = [...ROW_FORMS, ['dense', 'dense'], ['compressed', 'dense']];
    for (const layout of LAYOUTS) {
      const dtype = VALUE_DTYPES[Math.floor(random() * VALUE_DTYPES.length)] as ValueDType;
      const { shape, tuples, values } = caseOf(random, layout, dtype);
      for (const from of formats) {
        const source = SparseTensor.fromCoordinates(tuples, values, shape, from, { dtype });
        const targets = ROW_FORMS.map((to) => resolveFormat(to, 2));
        expectConversionsMatch(source, targets, layout);
      }
    }
  });

  it('a transposed tensor stored back in its own format equals the plain builder (seeded)', () => {
    const random = seededRandom(3504);
    for (const layout of LAYOUTS) {
      for (const spec of ROW_FORMS) {
        const dtype = VALUE_DTYPES[Math.floor(random() * VALUE_DTYPES.length)] as ValueDType;
        const { shape, tuples, values } = caseOf(random, layout, dtype);
        const source = SparseTensor.fromCoordinates(tuples, values, shape, spec, { dtype });
        const transposed = source.transpose().convert(spec);
        const listed = source.toCoordinates();
        const swapped = listed.coordinates.map(([i, j]) => [j as number, i as number]);
        const stored = Array.from(source.values as ArrayLike<number | bigint>);
        expectSameStorage(
          transposed,
          referenceStorage(swapped, stored, [shape[1], shape[0]], transposed.format, dtype),
          `${describeFormat(source.format)} ${layout} transposed`,
        );
      }
    }
  });

  it('CSR <-> CSC and a transpose stored back equal the plain builder on every dtype and width pair, power-law rows included (seeded)', () => {
    const random = seededRandom(3506);
    const powerLaw = (dtype: ValueDType): Case => {
      // Row lengths falling off as 1 / rank (a few hub rows, many rows of one or none), and
      // the hub columns drawn more often too: skewed on both sides of the transposition.
      const shape: [number, number] = [
        1 + Math.floor(random() * 120),
        1 + Math.floor(random() * 90),
      ];
      const skewed = (n: number) => Math.min(n - 1, Math.floor(n * random() ** 3));
      const seen = new Set<number>();
      const tuples: [number, number][] = [];
      for (let i = 0; i < shape[0]; i++) {
        const length = Math.floor((2 * shape[1]) / (1 + ((i * 7) % shape[0])));
        for (let k = 0; k < length; k++) {
          const j = skewed(shape[1]);
          if (!seen.has(i * shape[1] + j)) tuples.push([i, j]);
          seen.add(i * shape[1] + j);
        }
      }
      const values = tuples.map(() => {
        if (dtype === 'int64') return BigInt(Math.floor(random() * 2 ** 40)) - 2n ** 39n;
        if (dtype === 'int32') return Math.floor(random() * 2 ** 31) - 2 ** 30;
        return (random() - 0.5) * 10 ** Math.floor(random() * 9);
      });
      return { shape, tuples, values };
    };
    let checked = 0;
    for (const dtype of VALUE_DTYPES) {
      const cases = [
        ...LAYOUTS.filter((l) => l !== 'in order, repeats' && l !== 'heavy repeats').map(
          (layout) => [layout, caseOf(random, layout, dtype)] as const,
        ),
        ['power law', powerLaw(dtype)] as const,
      ];
      for (const [layout, { shape, tuples, values }] of cases) {
        const fitting = widthsFitting(shape, tuples.length);
        for (const posWidth of fitting) {
          for (const crdWidth of fitting) {
            const widths = { posWidth, crdWidth };
            const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', {
              dtype,
              ...widths,
            });
            const csc = csr.convert('CSC');
            const listed = csr.toCoordinates();
            const stored = Array.from(csr.values as ArrayLike<number | bigint>);
            const swapped = listed.coordinates.map(([i, j]) => [j as number, i as number]);
            const what = `${dtype} ${layout} pos ${posWidth} crd ${crdWidth}`;
            expectSameStorage(
              csc,
              referenceStorage(listed.coordinates, stored, shape, csc.format, dtype),
              `${what} CSR -> CSC`,
            );
            const back = csc.convert('CSR');
            expectSameStorage(
              back,
              referenceStorage(listed.coordinates, stored, shape, back.format, dtype),
              `${what} CSC -> CSR`,
            );
            const transposed = csr.transpose().convert('CSR');
            expectSameStorage(
              transposed,
              referenceStorage(swapped, stored, [shape[1], shape[0]], transposed.format, dtype),
              `${what} transposed as CSR`,
            );
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(VALUE_DTYPES.length * (LAYOUTS.length - 1) * 4);
  });

  it('a coordinate that is no integer inside the shape is a SparseStorageError naming its entry, every form (seeded)', () => {
    const random = seededRandom(3505);
    const bad = [-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY, 'size'] as const;
    for (let round = 0; round < 60; round++) {
      const { shape, tuples, values } = caseOf(random, 'random', 'float64');
      const entry = Math.floor(random() * tuples.length);
      const d = Math.floor(random() * 2);
      const kind = bad[Math.floor(random() * bad.length)] as (typeof bad)[number];
      const x = kind === 'size' ? (shape[d] as number) : kind;
      const broken = tuples.map((t) => [...t]);
      (broken[entry] as number[])[d] = x;
      const flat = broken.flat();
      const forms: [string, Parameters<typeof SparseTensor.fromCoordinates>[0]][] = [
        ['tuples', broken],
        ['Float64Array', Float64Array.from(flat)],
        ['number list', flat],
      ];
      // An Int32Array holds integers only: a negative or too large one.
      if (kind === -1 || kind === 'size') forms.push(['Int32Array', Int32Array.from(flat)]);
      for (const [form, coordinates] of forms) {
        const thrown = thrownBy(() =>
          SparseTensor.fromCoordinates(coordinates, values, shape, 'CSR', { dtype: 'float64' }),
        );
        const what = `${form}: ${String(x)} at dimension ${d} of entry ${entry}`;
        expect(thrown, what).toBeInstanceOf(SparseStorageError);
        expect(thrown, what).toMatchObject({ argument: 'coordinates', at: entry });
        if (form !== 'tuples') {
          expect((thrown as Error).message, what).toContain(`(dimension ${d} of entry ${entry})`);
        }
      }
    }
  });
});
