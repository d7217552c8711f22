/**
 * CSR -> DCSR and CSR -> COO (short rows) run over chunks of rows or entries in arrays kept
 * for the life of the process (src/sparse-tensor/non-empty-rows.ts, rows-of-entries.ts): a
 * DCSR's non-empty rows and segment ends, and a COO's row per entry, are copied out chunk by
 * chunk. Held here to plain loops over the row pointers on seeded matrices that span several
 * chunks, with chunk boundaries falling on a row's first entry, inside a row, inside a run of
 * empty rows and on the last row; every position width; calls of every size in turn, so
 * nothing a longer call left in the kept arrays shows in a later one.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { resolveFormat, SparseTensor, type StorageWidth } from '../../src/index.js';
import { CHUNK_ROWS } from '../../src/sparse-tensor/non-empty-rows.js';
import { CHUNK_ENTRIES } from '../../src/sparse-tensor/rows-of-entries.js';
import { sameArray } from './support/reference-build.js';

/** Row lengths to a CSR matrix of `cols` columns (columns 0, 1, ... in each row). */
function csrOfLengths(lengths: readonly number[], cols: number, posWidth: StorageWidth) {
  const pointers = new Uint32Array(lengths.length + 1);
  lengths.forEach((length, r) => {
    pointers[r + 1] = (pointers[r] as number) + length;
  });
  const nnz = pointers[lengths.length] as number;
  const columns = new Uint32Array(nnz);
  for (let r = 0; r < lengths.length; r++) {
    for (let q = pointers[r] as number, c = 0; q < (pointers[r + 1] as number); q++) {
      columns[q] = c++;
    }
  }
  const csr = SparseTensor.fromStorage([lengths.length, cols], 'CSR', {
    positions: [undefined, pointers],
    coordinates: [undefined, columns],
    values: Float64Array.from(columns, (c, q) => c + q / 8),
  });
  return { csr: posWidth === 32 ? csr : csr.convert('CSR', { posWidth }), pointers };
}

/** Holds the DCSR and COO of a CSR to plain loops over its row pointers `pointers`. */
function expectPlainRowForms(csr: SparseTensor, pointers: Uint32Array, what: string): void {
  const rowCount = pointers.length - 1;
  const nnz = pointers[rowCount] as number;
  const nonEmpty: number[] = [];
  const ends = [0];
  const rowOf = new Uint32Array(nnz);
  for (let r = 0; r < rowCount; r++) {
    const start = pointers[r] as number;
    const end = pointers[r + 1] as number;
    if (end > start) {
      nonEmpty.push(r);
      ends.push(end);
    }
    for (let q = start; q < end; q++) rowOf[q] = r;
  }
  const posWidth = csr.format.posWidth;
  const dcsr = csr.convert('DCSR', { posWidth: 32 });
  expect(sameArray(dcsr.coordinates[0], Uint32Array.from(nonEmpty)), `${what}: DCSR rows`).toBe(
    true,
  );
  expect(sameArray(dcsr.positions[1], Uint32Array.from(ends)), `${what}: DCSR ends`).toBe(true);
  expect(sameArray(dcsr.positions[0], Uint32Array.of(0, nonEmpty.length)), what).toBe(true);
  const coo = csr.convert('COO', { posWidth: 32 });
  expect(sameArray(coo.coordinates[0], rowOf), `${what}: COO rows`).toBe(true);
  expect(sameArray(coo.positions[0], Uint32Array.of(0, nnz)), `${what}: COO segment`).toBe(true);
  for (const [name, t] of [
    ['DCSR', dcsr],
    ['COO', coo],
  ] as const) {
    expect(sameArray(t.coordinates[1], csr.coordinates[1]), `${what}: ${name} columns`).toBe(true);
    expect(sameArray(t.values, csr.values), `${what}: ${name} values`).toBe(true);
  }
  expect(csr.format.posWidth, `${what}: source width kept`).toBe(posWidth);
}

/** `count` row lengths: empty with probability `empty`, else 1 to `longest`. */
function randomLengths(
  random: () => number,
  count: number,
  empty: number,
  longest: number,
): number[] {
  return Array.from({ length: count }, () =>
    random() < empty ? 0 : 1 + Math.floor(random() * longest),
  );
}

/** Lengths whose rows start exactly on chunk boundaries of entries, with empty runs there. */
function boundaryLengths(random: () => number): number[] {
  const lengths: number[] = [];
  let entries = 0;
  for (const boundary of [CHUNK_ENTRIES, 2 * CHUNK_ENTRIES, 3 * CHUNK_ENTRIES]) {
    while (entries < boundary) {
      const length = Math.min(boundary - entries, Math.floor(random() * 4));
      lengths.push(length);
      entries += length;
    }
    // A run of empty rows that all start on the boundary, then a row that owns it.
    for (let k = Math.floor(random() * 4); k > 0; k--) lengths.push(0);
  }
  lengths.push(1, 0, 0);
  return lengths;
}

describe('the chunked passes of CSR -> DCSR and CSR -> COO', () => {
  it('equal plain loops over matrices of several chunks, every position width (seeded)', () => {
    const random = seededRandom(3531);
    const cases: { what: string; lengths: number[] }[] = [
      { what: 'no rows', lengths: [] },
      { what: 'one empty row', lengths: [0] },
      { what: 'all rows empty, past a chunk', lengths: new Array(CHUNK_ROWS + 3).fill(0) },
      {
        what: 'rows of 1-3 entries over three chunks of rows and entries',
        lengths: randomLengths(random, 2 * CHUNK_ROWS + 17, 0.2, 3),
      },
      {
        what: 'exactly one chunk of rows',
        lengths: randomLengths(random, CHUNK_ROWS, 0.5, 2),
      },
      { what: 'chunk boundaries on row starts', lengths: boundaryLengths(random) },
      {
        what: 'mostly empty rows, runs across boundaries',
        lengths: randomLengths(random, 3 * CHUNK_ROWS + 1, 0.97, 5),
      },
      {
        what: 'leading and trailing empty runs',
        lengths: [
          ...new Array(CHUNK_ROWS - 1).fill(0),
          ...randomLengths(random, 5000, 0.1, 15),
          ...new Array(CHUNK_ROWS + 2).fill(0),
        ],
      },
    ];
    const widths: StorageWidth[] = [32, 64, 'index', 16, 8];
    cases.forEach(({ what, lengths }, k) => {
      const cols = Math.max(16, ...lengths);
      const nnz = lengths.reduce((a, b) => a + b, 0);
      // Narrow widths only where every position fits them.
      const fits = widths.filter((w) => typeof w !== 'number' || w > 16 || nnz < 2 ** w);
      const posWidth = fits[k % fits.length] as StorageWidth;
      const { csr, pointers } = csrOfLengths(lengths, cols, posWidth);
      expect(csr.format).toEqual(resolveFormat('CSR', 2, { posWidth, crdWidth: 32 }));
      expectPlainRowForms(csr, pointers, `${what} (${lengths.length} rows, positions ${posWidth})`);
    });
  });

  it('calls of every size in turn equal plain loops: nothing a longer call left shows (seeded)', () => {
    const random = seededRandom(3532);
    for (const rows of [3 * CHUNK_ROWS + 5, 3, CHUNK_ROWS + 1, 40, 0, 1, 2 * CHUNK_ROWS, 9]) {
      const empty = [0, 0.2, 0.6, 0.95, 1][Math.floor(random() * 5)] as number;
      const { csr, pointers } = csrOfLengths(randomLengths(random, rows, empty, 3), 16, 32);
      expectPlainRowForms(csr, pointers, `${rows} rows, ${empty} empty`);
    }
  });
});
