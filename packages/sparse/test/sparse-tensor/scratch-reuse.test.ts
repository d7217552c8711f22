/**
 * Conversions keep scratch arrays between calls (src/sparse-tensor/scratch-array.ts): a DCSR's
 * non-empty rows and their segment ends are written into kept arrays and copied out at their
 * length. Whatever a longer call left in them must not show in a shorter one, and a call past
 * the kept length takes arrays of its own. Held here to a plain loop over the row pointers,
 * on seeded CSR matrices of growing and shrinking row counts (runs of empty rows at the start
 * and the end included), and one of more rows than the kept length.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparseTensor } from '../../src/index.js';
import { KEPT_SCRATCH_LENGTH, scratchArrays } from '../../src/sparse-tensor/scratch-array.js';
import { sameArray } from './support/reference-build.js';

/** A CSR matrix of `rows` rows, each empty with probability `empty`, else of 1 to 3 entries. */
function csrOf(random: () => number, rows: number, empty: number): SparseTensor {
  const cols = 50;
  const pointers = new Uint32Array(rows + 1);
  const columns: number[] = [];
  for (let i = 0; i < rows; i++) {
    if (random() >= empty) {
      const first = Math.floor(random() * 40);
      const length = 1 + Math.floor(random() * 3);
      for (let k = 0; k < length; k++) columns.push(first + 3 * k);
    }
    pointers[i + 1] = columns.length;
  }
  return SparseTensor.fromStorage([rows, cols], 'CSR', {
    positions: [undefined, pointers],
    coordinates: [undefined, Uint32Array.from(columns)],
    values: Float64Array.from(columns, () => random()),
  });
}

/** Holds `csr.convert('DCSR')` to the non-empty rows a plain loop finds, labelled `what`. */
function expectPlainDcsr(csr: SparseTensor, what: string): void {
  const pointers = csr.positions[1] as Uint32Array;
  const rows: number[] = [];
  const ends = [0];
  for (let r = 0; r + 1 < pointers.length; r++) {
    if ((pointers[r + 1] as number) > (pointers[r] as number)) {
      rows.push(r);
      ends.push(pointers[r + 1] as number);
    }
  }
  const dcsr = csr.convert('DCSR');
  expect(sameArray(dcsr.positions[0], Uint32Array.of(0, rows.length)), what).toBe(true);
  expect(sameArray(dcsr.coordinates[0], Uint32Array.from(rows)), `${what}: rows`).toBe(true);
  expect(sameArray(dcsr.positions[1], Uint32Array.from(ends)), `${what}: segment ends`).toBe(true);
  expect(sameArray(dcsr.coordinates[1], csr.coordinates[1]), `${what}: columns`).toBe(true);
  expect(sameArray(dcsr.values, csr.values), `${what}: values`).toBe(true);
}

describe('scratch arrays kept between calls', () => {
  it('hand out one array again up to the kept length, and a fresh one past it', () => {
    // Identity compared outside expect, which would print whole arrays.
    const scratch = scratchArrays();
    const first = scratch(100);
    expect(first.length).toBeGreaterThanOrEqual(100);
    expect(scratch(50) === first).toBe(true);
    const grown = scratch(5000);
    expect(grown.length).toBeGreaterThanOrEqual(5000);
    expect(grown === first).toBe(false);
    expect(scratch(5000) === grown).toBe(true);
    const past = scratch(KEPT_SCRATCH_LENGTH + 1);
    expect(past.length).toBe(KEPT_SCRATCH_LENGTH + 1);
    expect(scratch(KEPT_SCRATCH_LENGTH + 1) === past).toBe(false);
    expect(scratch(10) === grown).toBe(true);
  });

  it('CSR -> DCSR over growing and shrinking row counts, and past the kept length, equals a plain loop (seeded)', () => {
    const random = seededRandom(3509);
    for (const rows of [5000, 3, 12000, 40, 0, 1, 700, 20000, 9]) {
      const empty = [0, 0.2, 0.6, 0.95, 1][Math.floor(random() * 5)] as number;
      expectPlainDcsr(csrOf(random, rows, empty), `${rows} rows, ${empty} empty`);
    }
    const rows = KEPT_SCRATCH_LENGTH + 1000;
    expectPlainDcsr(csrOf(random, rows, 0.99), 'past the kept length');
  });
});
