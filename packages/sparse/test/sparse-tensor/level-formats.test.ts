/**
 * The level types beyond dense/compressed/singleton-in-COO, held to independent references:
 * `loose_compressed` (a lo/hi position pair per parent, MLIR's `sparse_loose.mlir`) against
 * MLIR's printed storage and against the CSR storage of the same matrix, with and without gaps
 * between segments; ELL's `[dense, dense, singleton]` (TACO's `tests-expr_storage.cpp`, `espmv`)
 * against a plain loop that picks each slot's coordinate; and the typed errors of forms that are
 * not well formed, naming the format that works. Seeded.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  type IndexArray,
  type LevelType,
  resolveFormat,
  SparseFormatError,
  SparseStorageError,
  SparseTensor,
  validateStorage,
} from '../../src/index.js';
import { LEVEL_SPELLINGS, lookupLevel } from '../../src/sparse-tensor/levels/registry.js';

/** A random dense array of `size` with about `density` non-zeros (small integers). */
function randomData(size: number, density: number, seed: number): Float32Array {
  const next = seededRandom(seed);
  return Float32Array.from({ length: size }, () =>
    next() < density ? 1 + Math.floor(next() * 9) : 0,
  );
}

const numbers = (a: ArrayLike<number | bigint> | undefined): number[] =>
  a === undefined ? [] : Array.from(a as ArrayLike<number>, Number);

/** A lo/hi pair per row from CSR row pointers: the loose positions of the same segments. */
function pairsOf(pointers: readonly number[]): number[] {
  return pointers.slice(0, -1).flatMap((lo, r) => [lo, pointers[r + 1] as number]);
}

/** The level types this file is about (other level types may join the registry). */
const OURS = [
  'dense',
  'compressed',
  'compressed(nonunique)',
  'loose_compressed',
  'loose_compressed(nonunique)',
  'singleton',
  'singleton(nonunique)',
];

describe('the level registry', () => {
  it('holds the spellings of dense, compressed, loose_compressed and singleton, each resolving to its own level object', () => {
    expect(LEVEL_SPELLINGS).toEqual(expect.arrayContaining(OURS));
    expect(new Set(LEVEL_SPELLINGS).size).toBe(LEVEL_SPELLINGS.length);
    for (const spelling of OURS) {
      const level = lookupLevel(spelling);
      expect(level?.spelling).toBe(spelling);
      expect(level?.unique).toBe(!spelling.endsWith('(nonunique)'));
    }
    expect(lookupLevel('Compressed')).toBeUndefined();
    expect(() => resolveFormat(['loose-compressed' as LevelType], 1)).toThrow(
      /format.levels\[0\]: .*unknown level type 'loose-compressed'/,
    );
  });
});

describe('loose_compressed', () => {
  it("stores MLIR's sparse_loose.mlir matrix as MLIR prints it", () => {
    const dense = [1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 5.5, 0, 9, 10, 11, 12, 13, 14, 15, 16];
    const csrHi = SparseTensor.fromDense(
      Float64Array.from(dense),
      [5, 4],
      ['dense', 'loose_compressed'],
    );
    // The CHECK lines of sparse_loose.mlir (pos[1] printed up to its 8th entry there).
    expect(numbers(csrHi.positions[1])).toEqual([0, 4, 4, 8, 8, 9, 9, 13, 13, 17]);
    expect(numbers(csrHi.coordinates[1])).toEqual([
      0, 1, 2, 3, 0, 1, 2, 3, 2, 0, 1, 2, 3, 0, 1, 2, 3,
    ]);
    expect(numbers(csrHi.values)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 5.5, 9, 10, 11, 12, 13, 14, 15, 16,
    ]);
    expect(csrHi.nnz).toBe(17);
    expect(numbers(csrHi.toDense())).toEqual(dense);
  });

  it('holds the segments CSR holds, round-trips through every constructor and convert (seeded)', () => {
    const next = seededRandom(4101);
    for (let c = 0; c < 40; c++) {
      const rows = 1 + Math.floor(next() * 9);
      const cols = 1 + Math.floor(next() * 9);
      const density = [0, 0.2, 0.6, 1][c % 4] as number;
      const data = randomData(rows * cols, density, 4200 + c);
      const csr = SparseTensor.fromDense(data, [rows, cols], 'CSR');
      const loose = SparseTensor.fromDense(data, [rows, cols], ['dense', 'loose_compressed']);
      expect(numbers(loose.positions[1])).toEqual(pairsOf(numbers(csr.positions[1])));
      expect(numbers(loose.coordinates[1])).toEqual(numbers(csr.coordinates[1]));
      expect(numbers(loose.toDense())).toEqual(Array.from(data));
      validateStorage(loose, loose.format, loose.levelSizes);
      const { coordinates, values } = csr.toCoordinates();
      const fromList = SparseTensor.fromCoordinates(
        coordinates,
        values,
        [rows, cols],
        ['dense', 'loose_compressed'],
      );
      expect(numbers(fromList.positions[1])).toEqual(numbers(loose.positions[1]));
      expect(numbers(csr.convert(['dense', 'loose_compressed']).toDense())).toEqual(
        Array.from(data),
      );
      expect(numbers(loose.convert('CSR').positions[1])).toEqual(numbers(csr.positions[1]));
      // Every level loose, in either mode order, and a loose COO head.
      const formats: FormatSpec[] = [
        ['loose_compressed', 'loose_compressed'],
        { levels: ['loose_compressed', 'dense'], order: [1, 0] },
        ['loose_compressed(nonunique)', 'singleton'],
        ['compressed', 'loose_compressed'],
      ];
      for (const format of formats) {
        const t = loose.convert(format);
        expect(numbers(t.toDense()), JSON.stringify(format)).toEqual(Array.from(data));
        expect(numbers(t.convert('CSR').withoutZeros().values)).toEqual(numbers(csr.values));
      }
    }
  });

  it('reads storage with gaps between segments: the gaps hold no entry (seeded)', () => {
    const next = seededRandom(4301);
    for (let c = 0; c < 30; c++) {
      const rows = 1 + Math.floor(next() * 8);
      const cols = 1 + Math.floor(next() * 8);
      const data = randomData(rows * cols, 0.4, 4400 + c);
      const csr = SparseTensor.fromDense(data, [rows, cols], 'CSR');
      const pointers = numbers(csr.positions[1]);
      const columns = numbers(csr.coordinates[1]);
      // Slack of 0-2 junk entries before each row's segment and after the last.
      const pairs: number[] = [];
      const crd: number[] = [];
      const values: number[] = [];
      const junk = () => {
        for (let g = Math.floor(next() * 3); g > 0; g--) {
          crd.push(Math.floor(next() * cols));
          values.push(99);
        }
      };
      for (let r = 0; r < rows; r++) {
        junk();
        pairs.push(crd.length);
        for (let q = pointers[r] as number; q < (pointers[r + 1] as number); q++) {
          crd.push(columns[q] as number);
          values.push(csr.values[q] as number);
        }
        pairs.push(crd.length);
      }
      junk();
      const storage = {
        positions: [undefined, Uint32Array.from(pairs)],
        coordinates: [undefined, Uint32Array.from(crd)],
        values: Float32Array.from(values),
      };
      const before = numbers(storage.positions[1]);
      const t = SparseTensor.fromStorage([rows, cols], ['dense', 'loose_compressed'], storage);
      expect(numbers(t.toDense())).toEqual(Array.from(data));
      // Built tensors store the segments contiguously.
      expect(numbers(t.positions[1])).toEqual(pairsOf(pointers));
      expect(numbers(storage.positions[1])).toEqual(before);
    }
  });

  it('rejects bad pairs by name and position', () => {
    const make = (pairs: number[]) => () =>
      SparseTensor.fromStorage([2, 3], ['dense', 'loose_compressed'], {
        positions: [undefined, Uint32Array.from(pairs)],
        coordinates: [undefined, Uint32Array.of(0, 1, 2)],
        values: Float32Array.of(1, 2, 3),
      });
    expect(make([0, 1, 1])).toThrow(SparseStorageError);
    expect(make([0, 1, 1])).toThrow(/positions\[1\]: expected length 4 \(a lo, hi pair/);
    expect(make([0, 2, 1, 3])).toThrow(/positions\[1\] at 2: positions must be non-decreasing/);
    expect(make([0, 1, 1, 4])).toThrow(/positions\[1\] at 3: position 4 is past/);
  });
});

/** ELL storage of a `[slots, rows, cols]` tensor by a plain loop: each slot's one coordinate. */
function ellReference(data: Float32Array, slots: number, rows: number, cols: number) {
  const coordinates: number[] = [];
  const values: number[] = [];
  for (let s = 0; s < slots; s++) {
    for (let r = 0; r < rows; r++) {
      let at = 0;
      let value = 0;
      for (let c = 0; c < cols; c++) {
        const v = data[(s * rows + r) * cols + c] as number;
        if (v !== 0) {
          at = c;
          value = v;
        }
      }
      coordinates.push(at);
      values.push(value);
    }
  }
  return { coordinates, values };
}

/** A `[slots, rows, cols]` array with at most one non-zero per (slot, row). */
function randomEll(slots: number, rows: number, cols: number, seed: number): Float32Array {
  const next = seededRandom(seed);
  const data = new Float32Array(slots * rows * cols);
  for (let p = 0; p < slots * rows; p++) {
    if (next() < 0.7) data[p * cols + Math.floor(next() * cols)] = 1 + Math.floor(next() * 9);
  }
  return data;
}

describe("ELL: [dense, dense, singleton] (TACO's espmv)", () => {
  const ELL: readonly LevelType[] = ['dense', 'dense', 'singleton'];

  it('stores one coordinate per slot, empty slots padded with a stored zero (seeded)', () => {
    const next = seededRandom(4501);
    for (let c = 0; c < 30; c++) {
      const [slots, rows, cols] = [1, 1, 1].map(() => 1 + Math.floor(next() * 5)) as [
        number,
        number,
        number,
      ];
      const data = randomEll(slots, rows, cols, 4600 + c);
      const ell = SparseTensor.fromDense(data, [slots, rows, cols], ELL);
      const expected = ellReference(data, slots, rows, cols);
      expect(ell.positions).toEqual([undefined, undefined, undefined]);
      expect(numbers(ell.coordinates[2])).toEqual(expected.coordinates);
      expect(numbers(ell.values)).toEqual(expected.values);
      expect(numbers(ell.toDense())).toEqual(Array.from(data));
      validateStorage(ell, ell.format, ell.levelSizes);
      // To CSF and back, and from the coordinate list.
      const csf = ell.convert('CSF');
      expect(numbers(csf.toDense())).toEqual(Array.from(data));
      expect(numbers(csf.convert(ELL).coordinates[2])).toEqual(expected.coordinates);
      const listed = SparseTensor.fromDense(data, [slots, rows, cols], 'COO').toCoordinates();
      const fromList = SparseTensor.fromCoordinates(
        listed.coordinates,
        listed.values,
        [slots, rows, cols],
        ELL,
      );
      expect(numbers(fromList.values)).toEqual(expected.values);
    }
  });

  it('takes ELL storage as it is and checks its lengths', () => {
    const storage = {
      positions: [undefined, undefined, undefined],
      coordinates: [undefined, undefined, Uint32Array.of(2, 0, 1, 1)],
      values: Float32Array.of(5, 0, 7, 8),
    };
    const t = SparseTensor.fromStorage([2, 2, 3], ELL, storage);
    expect(numbers(t.toDense())).toEqual([0, 0, 5, 0, 0, 0, 0, 7, 0, 0, 8, 0]);
    expect(() =>
      SparseTensor.fromStorage([2, 2, 3], ELL, {
        ...storage,
        coordinates: [undefined, undefined, Uint32Array.of(2, 0, 1)],
      }),
    ).toThrow(/coordinates\[2\]: expected length 4 \(one per parent position\)/);
  });

  it('a slot holding two entries is a typed error naming the format that holds them', () => {
    const data = new Float32Array(2 * 2 * 3);
    data[0] = 1;
    data[2] = 2;
    const attempt = () => SparseTensor.fromDense(data, [2, 2, 3], ELL);
    expect(attempt).toThrow(SparseStorageError);
    expect(attempt).toThrow(
      /parent position 0 has entries at coordinates 0 and 2.*\[dense, dense, compressed\]/,
    );
  });

  it('a singleton at the root is not well formed: the error names compressed', () => {
    expect(() => resolveFormat(['singleton', 'dense'], 2)).toThrow(SparseFormatError);
    expect(() => resolveFormat(['singleton', 'dense'], 2)).toThrow(
      /format.levels\[0\]: a singleton level must follow another level.*use 'compressed' at the root/,
    );
    // A level of size 0 under parents cannot hold one coordinate each.
    expect(() => SparseTensor.fromDense(new Float32Array(0), [2, 2, 0], ELL)).toThrow(
      /level 2 has size 0.*\[dense, dense, compressed\]/,
    );
  });

  it('a singleton below a unique level keeps one coordinate per parent: [compressed, singleton]', () => {
    const data = Float32Array.of(0, 0, 3, 0, 0, 0, 4, 0, 0);
    const t = SparseTensor.fromDense(data, [3, 3], ['compressed', 'singleton']);
    expect(numbers(t.coordinates[0])).toEqual([0, 2]);
    expect(numbers(t.coordinates[1])).toEqual([2, 0]);
    expect(numbers(t.toDense())).toEqual(Array.from(data));
    const unsure: IndexArray | undefined = t.positions[1];
    expect(unsure).toBeUndefined();
  });
});
