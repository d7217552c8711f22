/**
 * Conversions between the matrix row forms (CSR/CSC, DCSR/DCSC, COO of either level order),
 * held bit for bit to the plain builder of test/sparse-tensor/support/reference-build.ts
 * over the same entries. The row forms find each entry's row without a branch on where a row
 * ends (short rows: marks and a running sum; long rows: one fill per row) and a DCSR's
 * non-empty rows in one pass over the row pointers, so the matrices here put rows of every
 * length at every place: none at all, empty rows and columns, rows shorter and longer than
 * the long-row threshold, everything in one row (first, middle or last), trailing empty
 * rows. Every width of positions and coordinates and every value dtype, the source's arrays
 * never written.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, resolveFormat, SparseTensor } from '../../src/index.js';
import { VALUE_DTYPES, widthPairs } from '../support/storage-options.js';
import { referenceStorage, sameArray } from './support/reference-build.js';
import {
  describeFormat,
  distinctEntries,
  expectConverted,
  expectSameStorage,
  storedBytes,
} from './support/same-storage.js';

/** The row forms, in both level orders. */
const FORMATS: readonly (readonly [string, FormatSpec])[] = [
  ['CSR', 'CSR'],
  ['CSC', 'CSC'],
  ['DCSR', 'DCSR'],
  ['DCSC', 'DCSC'],
  ['COO', 'COO'],
  ['COO column-major', { levels: ['compressed(nonunique)', 'singleton'], order: [1, 0] }],
];

/** Distinct `[row, col]` entries of a matrix, laid out as `layout` says. */
interface Layout {
  readonly name: string;
  readonly shape: readonly [number, number];
  /** The entries' rows and columns, drawn with `random` (repeats are dropped). */
  draw(random: () => number): [number, number][];
}

const spread =
  (rows: number, cols: number, count: number) =>
  (random: () => number): [number, number][] =>
    Array.from({ length: count }, () => [Math.floor(random() * rows), Math.floor(random() * cols)]);

const inRow =
  (row: number, cols: number, count: number) =>
  (random: () => number): [number, number][] =>
    Array.from({ length: count }, () => [row, Math.floor(random() * cols)]);

const LAYOUTS: readonly Layout[] = [
  { name: 'empty', shape: [9, 7], draw: () => [] },
  { name: 'one entry', shape: [9, 7], draw: (random) => spread(9, 7, 1)(random) },
  { name: 'empty rows and columns', shape: [60, 50], draw: spread(60, 50, 20) },
  { name: 'short rows', shape: [40, 30], draw: spread(40, 30, 90) },
  { name: 'long rows', shape: [8, 120], draw: spread(8, 120, 220) },
  { name: 'all in the first row', shape: [30, 100], draw: inRow(0, 100, 70) },
  { name: 'all in a middle row', shape: [30, 100], draw: inRow(13, 100, 70) },
  { name: 'all in the last row', shape: [30, 100], draw: inRow(29, 100, 70) },
  {
    name: 'one long row among short ones',
    shape: [12, 200],
    draw: (random) => [...inRow(5, 200, 150)(random), ...spread(12, 200, 10)(random)],
  },
];

describe('conversions between the matrix row forms', () => {
  it('equal the plain builder bit for bit for every pair, width and dtype; the source is never written (seeded)', () => {
    const random = seededRandom(3501);
    const nextWidths = widthPairs();
    let checked = 0;
    for (const layout of LAYOUTS) {
      for (const dtype of VALUE_DTYPES) {
        const { tuples, values } = distinctEntries(layout.draw(random), dtype, random);
        // The plain builder takes int64 values as bigints.
        const stored = dtype === 'int64' ? values.map((v) => BigInt(v)) : values;
        for (const [fromName, fromSpec] of FORMATS) {
          const from = resolveFormat(fromSpec, 2, nextWidths());
          const source = SparseTensor.fromCoordinates(tuples, values, layout.shape, from, {
            dtype,
          });
          const before = storedBytes(source);
          for (const [toName, toSpec] of FORMATS) {
            const to = resolveFormat(toSpec, 2, nextWidths());
            const what = `${layout.name}, ${dtype}: ${fromName} (${describeFormat(from)}) -> ${toName} (${describeFormat(to)})`;
            expectConverted(
              source,
              to,
              referenceStorage(tuples, stored, layout.shape, to, dtype),
              what,
            );
            checked++;
          }
          const after = storedBytes(source);
          expect(
            after.every((bytes, k) => sameArray(bytes, before[k])),
            `${layout.name}, ${dtype}, ${fromName}: converting wrote nothing into the source`,
          ).toBe(true);
        }
      }
    }
    expect(checked).toBe(LAYOUTS.length * VALUE_DTYPES.length * FORMATS.length ** 2);
  });

  it('a CSR with rows of random lengths, long and short, converts to COO and DCSR as its entries say (seeded)', () => {
    const random = seededRandom(3502);
    for (let trial = 0; trial < 40; trial++) {
      const rows = 1 + Math.floor(random() * 30);
      const cols = 1 + Math.floor(random() * 60);
      // Mostly empty or short rows; now and then one of all the columns.
      const tuples: [number, number][] = [];
      for (let r = 0; r < rows; r++) {
        const kind = random();
        const length = kind < 0.3 ? 0 : kind < 0.9 ? Math.floor(random() * 4) : cols;
        const start = Math.floor(random() * (cols - Math.min(length, cols) + 1));
        for (let c = start; c < start + length && c < cols; c++) tuples.push([r, c]);
      }
      const values = tuples.map((_, k) => k + 1);
      const shape = [rows, cols] as const;
      const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', { dtype: 'float64' });
      for (const target of ['COO', 'DCSR'] as const) {
        const to = resolveFormat(target, 2, {});
        expectSameStorage(
          csr.convert(target),
          referenceStorage(tuples, values, shape, to, 'float64'),
          `trial ${trial}: ${rows}x${cols}, ${tuples.length} entries -> ${target}`,
        );
      }
    }
  });
});
