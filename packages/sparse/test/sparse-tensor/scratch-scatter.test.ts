/**
 * Large matrices are transposed, and built through their columns, in scratch arrays kept
 * between calls and copied out into arrays of their own (src/sparse-tensor/row-form-build.ts).
 * Held here to the plain builder of support/reference-build.ts (a comparison sort) bit for bit:
 * entries past the scratch threshold in random order, with repeated coordinates, already in
 * order, in short rows (sorted by insertion) and long rows (through the columns), empty rows
 * and columns; every
 * dtype and position/coordinate widths that fit; CSR -> CSC, CSC -> CSR and a transpose stored
 * as CSR. Calls of changing sizes around the threshold and past the kept scratch length are
 * checked against a plain per-column transposition, and earlier results are checked to stay
 * as they were (no result shares a scratch array).
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  type IndexArray,
  type SparseFormat,
  SparseTensor,
  type StorageWidth,
  type ValueDType,
} from '../../src/index.js';
import { SCRATCH_MIN_BYTES } from '../../src/sparse-tensor/row-form-build.js';
import { KEPT_SCRATCH_LENGTH } from '../../src/sparse-tensor/scratch-array.js';
import { VALUE_DTYPES } from '../support/storage-options.js';
import { convertInJavaScript } from './support/javascript-conversion.js';
import { type ReferenceStorage, referenceStorage, sameArray } from './support/reference-build.js';
import { expectSameStorage } from './support/same-storage.js';

// The JavaScript scatter at every size (the main entry installs the wasm route for large ones).
convertInJavaScript();

/** Entries enough for every dtype to take the scratch path (at least 8 bytes an entry). */
const LARGE = Math.ceil(SCRATCH_MIN_BYTES / 8) + 1000;

interface Case {
  readonly label: string;
  readonly shape: [number, number];
  readonly tuples: [number, number][];
  readonly values: (number | bigint)[];
}

/** A value of `dtype`, drawn from `random`. */
function drawnValue(random: () => number, dtype: ValueDType): number | bigint {
  const below = (n: number) => Math.floor(random() * n);
  if (dtype === 'int64') return BigInt(below(2 ** 40)) - 2n ** 39n;
  if (dtype === 'int32') return below(2 ** 20) - 2 ** 19;
  return (random() - 0.5) * 10 ** below(9);
}

/**
 * `count` seeded entries of a `shape` matrix whose rows and columns in the upper half of each
 * dimension stay empty where `gaps`; about one in 50 repeats an earlier coordinate (summed);
 * `sorted`: row by row, columns increasing, no repeats.
 */
function caseOf(
  random: () => number,
  label: string,
  shape: [number, number],
  count: number,
  dtype: ValueDType,
  sorted: boolean,
): Case {
  const below = (n: number) => Math.floor(random() * n);
  const tuples: [number, number][] = [];
  for (let k = 0; k < count; k++) {
    const repeat = !sorted && k > 0 && random() < 0.02;
    // Every third row and fifth column stay empty.
    let i = below(shape[0]);
    let j = below(shape[1]);
    if (i % 3 === 2) i--;
    if (j % 5 === 4) j--;
    tuples.push(
      repeat ? ([...(tuples[below(k)] as [number, number])] as [number, number]) : [i, j],
    );
  }
  if (sorted) {
    const seen = new Set<number>();
    const distinct = tuples.filter(
      ([i, j]) => !seen.has(i * shape[1] + j) && seen.add(i * shape[1] + j),
    );
    distinct.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    tuples.length = 0;
    for (const tuple of distinct) tuples.push(tuple);
  }
  return { label, shape, tuples, values: tuples.map(() => drawnValue(random, dtype)) };
}

/** `array`'s entries at `width` (what the reference would store at that width). */
function atWidth(array: IndexArray | undefined, width: StorageWidth): IndexArray | undefined {
  if (array === undefined) return undefined;
  const numbers = Array.from(array as ArrayLike<number | bigint>, (x) => Number(x));
  switch (width) {
    case 8:
      return Uint8Array.from(numbers);
    case 16:
      return Uint16Array.from(numbers);
    case 32:
      return Uint32Array.from(numbers);
    case 64:
      return BigUint64Array.from(numbers, (x) => BigInt(x));
    case 'index':
      return BigInt64Array.from(numbers, (x) => BigInt(x));
  }
}

/** `reference` (built at 32-bit widths) with its positions and coordinates at `format`'s widths. */
function widened(reference: ReferenceStorage, format: SparseFormat): ReferenceStorage {
  return {
    positions: reference.positions.map((p) => atWidth(p, format.posWidth)),
    coordinates: reference.coordinates.map((c) => atWidth(c, format.crdWidth)),
    values: reference.values,
  };
}

/** Width pairs to build at: 32-bit, the widest, and the narrowest coordinates that fit. */
function widthPairs(
  shape: readonly number[],
): { posWidth: StorageWidth; crdWidth: StorageWidth }[] {
  const largest = Math.max(...shape) - 1;
  const narrow: StorageWidth = largest < 256 ? 8 : largest < 65536 ? 16 : 32;
  return [
    { posWidth: 32, crdWidth: 32 },
    { posWidth: 'index', crdWidth: 64 },
    { posWidth: 64, crdWidth: narrow },
  ];
}

describe('entries scattered in scratch and copied out equal the plain builder bit for bit', () => {
  it('fromCoordinates into CSR and CSC, CSR <-> CSC and a transpose stored as CSR, every dtype, short and long rows, repeats, sorted input (seeded)', () => {
    const random = seededRandom(3521);
    let checked = 0;
    for (const dtype of VALUE_DTYPES) {
      // About 2 entries a row (sorted by insertion) and about 300 (built through the columns):
      // both for the 8-byte values, one each for the 4-byte ones; input in order once.
      const short = () =>
        caseOf(random, 'short rows', [Math.ceil(LARGE / 2), 3000], LARGE, dtype, false);
      const long = () =>
        caseOf(random, 'long rows', [Math.ceil(LARGE / 300), 250], LARGE, dtype, false);
      const cases =
        dtype === 'float32'
          ? [short()]
          : dtype === 'int32'
            ? [long()]
            : [
                short(),
                long(),
                ...(dtype === 'float64'
                  ? [caseOf(random, 'sorted', [Math.ceil(LARGE / 4), 700], LARGE, dtype, true)]
                  : []),
              ];
      for (const { label, shape, tuples, values } of cases) {
        const references = new Map<string, ReferenceStorage>();
        const reference = (key: string, make: () => ReferenceStorage) => {
          const kept = references.get(key) ?? make();
          references.set(key, kept);
          return kept;
        };
        // 32-bit arrays, and one other pair in turn.
        const pairs = widthPairs(shape);
        for (const widths of [pairs[0], pairs[1 + (checked % 2)]] as typeof pairs) {
          const what = `${dtype} ${label} pos ${widths.posWidth} crd ${widths.crdWidth}`;
          const options = { dtype, ...widths };
          const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', options);
          const csc = SparseTensor.fromCoordinates(tuples, values, shape, 'CSC', options);
          const expectedCsr = reference('CSR', () =>
            referenceStorage(
              tuples,
              values,
              shape,
              { ...csr.format, posWidth: 32, crdWidth: 32 },
              dtype,
            ),
          );
          const expectedCsc = reference('CSC', () =>
            referenceStorage(
              tuples,
              values,
              shape,
              { ...csc.format, posWidth: 32, crdWidth: 32 },
              dtype,
            ),
          );
          expectSameStorage(csr, widened(expectedCsr, csr.format), `${what} built as CSR`);
          expectSameStorage(csc, widened(expectedCsc, csc.format), `${what} built as CSC`);
          expectSameStorage(
            csr.convert('CSC'),
            widened(expectedCsc, csc.format),
            `${what} CSR -> CSC`,
          );
          expectSameStorage(
            csc.convert('CSR'),
            widened(expectedCsr, csr.format),
            `${what} CSC -> CSR`,
          );
          const transposed = csr.transpose().convert('CSR');
          // The transpose in CSR stores what the matrix stores in CSC.
          expectSameStorage(
            transposed,
            widened(expectedCsc, transposed.format),
            `${what} transposed as CSR`,
          );
          checked++;
        }
      }
    }
    expect(checked).toBe(7 * 2);
  }, 300_000);

  it('calls of sizes around the threshold and past the kept scratch leave earlier results as they were (seeded)', () => {
    const random = seededRandom(3522);
    // f64 entries take 12 bytes with 32-bit coordinates: below and above the threshold, and
    // past what one kept scratch array holds (4 MiB of values).
    const threshold = Math.ceil(SCRATCH_MIN_BYTES / 12);
    const pastKept = Math.ceil((4 * KEPT_SCRATCH_LENGTH) / 8) + 10;
    const sizes = [
      threshold + 5000,
      threshold - 5000,
      2 * threshold,
      threshold + 50,
      pastKept,
      3 * threshold,
    ];
    const earlier: { result: SparseTensor; copy: SparseTensor; what: string }[] = [];
    for (const count of sizes) {
      const rows = Math.ceil(count / (random() < 0.5 ? 2 : 40));
      const shape: [number, number] = [rows, 1 + Math.floor(random() * 5000)];
      const { tuples, values } = caseOf(random, '', shape, count, 'float64', false);
      const what = `${count} entries`;
      const csr = SparseTensor.fromCoordinates(tuples, values, shape, 'CSR', { dtype: 'float64' });
      const csc = csr.convert('CSC');
      expectPlainTransposition(csr, csc, what);
      expectPlainTransposition(
        csr.transpose(),
        csr.transpose().convert('CSR'),
        `${what} transposed`,
      );
      for (const tensor of [csr, csc]) {
        earlier.push({ result: tensor, copy: copyOf(tensor), what });
      }
    }
    for (const { result, copy, what } of earlier) {
      expect(sameArray(result.positions[1], copy.positions[1]), `${what}: positions kept`).toBe(
        true,
      );
      expect(
        sameArray(result.coordinates[1], copy.coordinates[1]),
        `${what}: coordinates kept`,
      ).toBe(true);
      expect(sameArray(result.values, copy.values), `${what}: values kept`).toBe(true);
    }
  }, 120_000);
});

/** A tensor of the same storage in arrays of its own. */
function copyOf(tensor: SparseTensor): SparseTensor {
  return SparseTensor.fromStorage([...tensor.shape], tensor.format, {
    positions: tensor.positions.map((p) => p?.slice()),
    coordinates: tensor.coordinates.map((c) => c?.slice()),
    values: tensor.values.slice(),
  });
}

/**
 * Holds `transposed` (the other level order of `source`, a 32-bit CSR or CSC) to a plain
 * transposition of its arrays: each entry appended to its column's list, rows in order.
 */
function expectPlainTransposition(
  source: SparseTensor,
  transposed: SparseTensor,
  what: string,
): void {
  const pointers = source.positions[1] as Uint32Array;
  const columns = source.coordinates[1] as Uint32Array;
  const values = source.values as Float64Array;
  const colCount = source.shape[source.format.order[1] as number] as number;
  const lists: [number, number][][] = Array.from({ length: colCount }, () => []);
  for (let r = 0; r + 1 < pointers.length; r++) {
    for (let q = pointers[r] as number; q < (pointers[r + 1] as number); q++) {
      (lists[columns[q] as number] as [number, number][]).push([r, values[q] as number]);
    }
  }
  const expectedPointers = new Uint32Array(colCount + 1);
  lists.forEach((list, c) => {
    expectedPointers[c + 1] = (expectedPointers[c] as number) + list.length;
  });
  const entries = lists.flat();
  expect(sameArray(transposed.positions[1], expectedPointers), `${what}: pointers`).toBe(true);
  expect(
    sameArray(
      transposed.coordinates[1],
      Uint32Array.from(entries, (e) => e[0]),
    ),
    `${what}: coordinates`,
  ).toBe(true);
  expect(
    sameArray(
      transposed.values,
      Float64Array.from(entries, (e) => e[1]),
    ),
    `${what}: values`,
  ).toBe(true);
}
