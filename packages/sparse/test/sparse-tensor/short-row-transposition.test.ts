/**
 * CSR <-> CSC scatters the entries of short rows (a few per row on average) in one loop over
 * the entries, each entry's row read off marks of where rows start, and longer rows row by row
 * (src/sparse-tensor/row-form-build.ts). Both are held here to the plain builder of
 * support/reference-build.ts (a comparison sort) bit for bit, on seeded matrices whose mean row
 * length lies on both sides of the limit between them, with runs of empty rows at the start, in
 * the middle and at the end, one row, one column, a few hub rows among empty ones; every dtype
 * and every pair of position and coordinate widths, CSR -> CSC, CSC -> CSR and a transpose
 * stored back as CSR. The marks are kept between calls up to a size: calls of changing sizes,
 * and one past that size, are checked against a plain per-column transposition.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparseTensor, type ValueDType } from '../../src/index.js';
import { VALUE_DTYPES, widthsFitting } from '../support/storage-options.js';
import { convertInJavaScript } from './support/javascript-conversion.js';
import { randomValues } from './support/random-values.js';
import { sameArray } from './support/reference-build.js';
import { expectTranspositionsAsBuilt, type MatrixCase } from './support/same-storage.js';

// The JavaScript scatter at every size (the main entry installs the wasm route for large ones).
convertInJavaScript();

/** How the entries spread over the rows. */
type Spread = 'empty' | 'mean' | 'empty runs' | 'hubs' | 'one row' | 'one column';

type Case = MatrixCase;

/** Distinct seeded coordinates spread as `spread` says (`mean`: entries per row on average). */
function caseOf(random: () => number, spread: Spread, mean: number, dtype: ValueDType): Case {
  const below = (n: number) => Math.floor(random() * n);
  let shape: [number, number] = [1 + below(60), 1 + below(60)];
  const seen = new Set<number>();
  const tuples: [number, number][] = [];
  const add = (i: number, j: number) => {
    if (!seen.has(i * shape[1] + j)) tuples.push([i, j]);
    seen.add(i * shape[1] + j);
  };
  const rowOf = (i: number, length: number) => {
    for (let k = 0; k < length; k++) add(i, below(shape[1]));
  };
  switch (spread) {
    case 'empty':
      break;
    case 'mean':
      shape = [1 + below(80), Math.ceil(mean) * 4 + below(60)];
      for (let i = 0; i < shape[0]; i++) rowOf(i, below(2 * mean + 1));
      break;
    case 'empty runs': {
      // Rows empty at the start, in runs in the middle, and at the end.
      shape = [20 + below(60), 1 + below(40)];
      const lead = below(8);
      const tail = below(8);
      for (let i = lead; i < shape[0] - tail; i++) if (random() < 0.3) rowOf(i, 1 + below(3));
      break;
    }
    case 'hubs':
      for (let i = 0; i < shape[0]; i++) if (random() < 0.05) rowOf(i, 2 * shape[1]);
      break;
    case 'one row':
      shape = [1, 1 + below(80)];
      rowOf(0, below(shape[1]));
      break;
    case 'one column':
      shape = [1 + below(80), 1];
      for (let i = 0; i < shape[0]; i++) if (random() < 0.6) add(i, 0);
      break;
  }
  return { shape, tuples, values: randomValues(random, tuples.length, dtype) };
}

const SPREADS: readonly (readonly [Spread, number])[] = [
  ['empty', 0],
  ['mean', 0.5],
  ['mean', 1],
  ['mean', 2],
  ['mean', 5],
  ['mean', 6],
  ['mean', 7],
  ['mean', 12],
  ['empty runs', 0],
  ['hubs', 0],
  ['one row', 0],
  ['one column', 0],
];

/**
 * A plain transposition of CSR arrays: each entry appended to its column's list, rows in
 * order; the column pointers, the rows and the values of the lists laid end to end.
 */
function columnsOf(
  pointers: Uint32Array,
  columns: Uint32Array,
  values: Float64Array,
  colCount: number,
): { pointers: Uint32Array; rows: Uint32Array; values: Float64Array } {
  const lists: [number, number][][] = Array.from({ length: colCount }, () => []);
  for (let r = 0; r + 1 < pointers.length; r++) {
    for (let q = pointers[r] as number; q < (pointers[r + 1] as number); q++) {
      (lists[columns[q] as number] as [number, number][]).push([r, values[q] as number]);
    }
  }
  const entries = lists.flat();
  const out = new Uint32Array(colCount + 1);
  lists.forEach((list, c) => {
    out[c + 1] = (out[c] as number) + list.length;
  });
  return {
    pointers: out,
    rows: Uint32Array.from(entries, (e) => e[0]),
    values: Float64Array.from(entries, (e) => e[1]),
  };
}

/** A CSR matrix of `rows` x `cols` with `perRow(i)` distinct random columns in row `i`. */
function csrOf(
  random: () => number,
  rows: number,
  cols: number,
  perRow: (i: number) => number,
): SparseTensor {
  const pointers = new Uint32Array(rows + 1);
  const columns: number[] = [];
  for (let i = 0; i < rows; i++) {
    const row = new Set<number>();
    const length = Math.min(cols, perRow(i));
    while (row.size < length) row.add(Math.floor(random() * cols));
    columns.push(...[...row].sort((a, b) => a - b));
    pointers[i + 1] = columns.length;
  }
  const values = Float64Array.from(columns, () => random() - 0.5);
  return SparseTensor.fromStorage([rows, cols], 'CSR', {
    positions: [undefined, pointers],
    coordinates: [undefined, Uint32Array.from(columns)],
    values,
  });
}

/** Holds `csr.convert('CSC')` to {@link columnsOf}, labelled `what`. */
function expectPlainTransposition(csr: SparseTensor, what: string): void {
  const [pointers, columns] = [csr.positions[1], csr.coordinates[1]] as Uint32Array[];
  const expected = columnsOf(
    pointers as Uint32Array,
    columns as Uint32Array,
    csr.values as Float64Array,
    csr.shape[1] as number,
  );
  const csc = csr.convert('CSC');
  expect(sameArray(csc.positions[1], expected.pointers), `${what}: column pointers`).toBe(true);
  expect(sameArray(csc.coordinates[1], expected.rows), `${what}: rows`).toBe(true);
  expect(sameArray(csc.values, expected.values), `${what}: values`).toBe(true);
}

describe('short rows transposed entry by entry equal the plain builder bit for bit', () => {
  it('CSR <-> CSC and a transpose stored as CSR, mean row lengths around the limit, every dtype and width pair (seeded)', () => {
    const random = seededRandom(3507);
    let checked = 0;
    for (const dtype of VALUE_DTYPES) {
      for (const [spread, mean] of SPREADS) {
        const { shape, tuples, values } = caseOf(random, spread, mean, dtype);
        const fitting = widthsFitting(shape, tuples.length);
        for (const posWidth of fitting) {
          for (const crdWidth of fitting) {
            const what = `${dtype} ${spread} ${mean} pos ${posWidth} crd ${crdWidth}`;
            expectTranspositionsAsBuilt(
              { shape, tuples, values },
              dtype,
              { posWidth, crdWidth },
              what,
            );
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(VALUE_DTYPES.length * SPREADS.length * 4);
  });

  it('calls of growing and shrinking sizes, and one past the marks kept between calls, equal a plain transposition (seeded)', () => {
    const random = seededRandom(3508);
    const sizes = [3000, 40, 9000, 500, 0, 20000, 7];
    for (const rows of sizes) {
      const csr = csrOf(random, rows, 1 + Math.floor(random() * 500), () =>
        Math.floor(random() * 4),
      );
      expectPlainTransposition(csr, `${rows} rows`);
    }
    // More than 2^20 entries, about two a row: marks of their own, not the kept ones.
    const rows = 600_000;
    const large = csrOf(random, rows, 50_000, (i) => (i % 3 === 0 ? 4 : 1));
    expect(large.nnz).toBeGreaterThan(2 ** 20);
    expectPlainTransposition(large, 'past the kept marks');
  });
});
