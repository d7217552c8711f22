/**
 * Block sparse (BSR) and n:m structured formats, written as MLIR writes them: dimension-to-level
 * maps with `d floordiv k` / `d mod k` levels (MLIR's `sparse_block_matmul.mlir` BSR and
 * `sparse_ds.mlir` `block2_4`). Held to independent references: a plain loop over the dense
 * array (which blocks hold an entry, which offsets a group keeps), dense round trips through
 * `fromDense`, `fromCoordinates`, `convert` and `transpose`, on seeded random matrices; and the
 * typed errors of maps outside the supported forms, of blocks that do not divide the shape and
 * of groups holding more than n entries.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  blockSparseFormat,
  type FormatSpec,
  formatFromMap,
  levelMapText,
  resolveFormat,
  SparseFormatError,
  SparseStorageError,
  SparseTensor,
  sparsify,
  structuredFormat,
} from '../../src/index.js';
import { pruned, randomMatrix } from '../support/dense-references.js';

/** The transpose of a row-major `rows x cols` matrix. */
function transposed(data: ArrayLike<number>, rows: number, cols: number): number[] {
  return Array.from({ length: rows * cols }, (_, k) => {
    const j = Math.floor(k / rows);
    const i = k % rows;
    return data[i * cols + j] as number;
  });
}

const TRIALS = 40;

describe('dimension-to-level maps in formats', () => {
  it('resolves MLIR map text into levels, order and expressions, and prints it back', () => {
    const text =
      '(i, j) -> (i floordiv 2 : compressed, j floordiv 3 : compressed, i mod 2 : dense, j mod 3 : dense)';
    const f = resolveFormat(formatFromMap(text), 2);
    expect(f.levels).toEqual(['compressed', 'compressed', 'dense', 'dense']);
    expect(f.order).toEqual([0, 1, 0, 1]);
    expect(f.expressions).toEqual([
      { op: 'floordiv', by: 2 },
      { op: 'floordiv', by: 3 },
      { op: 'mod', by: 2 },
      { op: 'mod', by: 3 },
    ]);
    const printed = levelMapText(f);
    expect(printed).toBe(
      '(d0, d1) -> (d0 floordiv 2 : compressed, d1 floordiv 3 : compressed, d0 mod 2 : dense, d1 mod 3 : dense)',
    );
    expect(resolveFormat(formatFromMap(printed), 2)).toEqual(f);
    const nm = resolveFormat(structuredFormat(2, 4), 2);
    expect(nm.levels).toEqual(['dense', 'dense', 'structured[2, 4]']);
    expect(nm.order).toEqual([0, 1, 1]);
    // A map of plain dimensions is a permutation format (CSC here), without expressions.
    const csc = resolveFormat(formatFromMap('(i, j) -> (j : dense, i : compressed)'), 2);
    expect(csc).toEqual(resolveFormat('CSC', 2));
    expect(csc.expressions).toBeUndefined();
  });

  it.each([
    ['(i, j) -> (i + j : dense, j : compressed)', 'map', 'not one of'],
    ['(i, j) -> (i * 2 : dense, j : compressed)', 'map', 'not one of'],
    ['(i, j) -> (i floordiv 2 : dense, j : compressed)', 'format.expressions', 'dimension 0'],
    [
      '(i, j) -> (i floordiv 2 : dense, j : compressed, i mod 3 : dense)',
      'format.expressions',
      'same k',
    ],
    ['(i, j) -> (i : dense, k : compressed)', 'map', 'not one of'],
    ['(i, j) -> (i : dense, j)', 'map', 'levelType'],
    ['i, j -> (i : dense)', 'map', 'of the form'],
    ['(i) -> (i : dense)', 'format.levels', 'expected 2'],
    [
      '(i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : structured[2, 8])',
      'format.levels[2]',
      'j mod 8',
    ],
    [
      '(i, j) -> (i : dense, j floordiv 4 : compressed, j mod 4 : structured[2, 4])',
      'format.levels[2]',
      'must follow a dense level',
    ],
    [
      '(i, j) -> (i : dense, j floordiv 4 : dense, j mod 4 : sparse)',
      'format.levels[2]',
      'unknown level type',
    ],
  ])('refuses %s by name', (map, argument, words) => {
    const error = thrownBy(() => resolveFormat(formatFromMap(map), 2));
    expect(error).toBeInstanceOf(SparseFormatError);
    expect((error as SparseFormatError).argument).toBe(argument);
    expect((error as Error).message).toContain(words);
  });

  it('refuses a structured level outside a map, and bad block options, by name', () => {
    // A plain level list (a tensor over its levels) takes it with a level of size m only.
    expect(() =>
      SparseTensor.fromDense([1, 0, 0, 1, 0], [1, 5], ['dense', 'structured[2, 4]']),
    ).toThrow(expect.objectContaining({ name: 'SparseFormatError', argument: 'shape' }));
    expect(() => blockSparseFormat([0, 2])).toThrow(
      expect.objectContaining({ name: 'SparseFormatError', argument: 'block[0]' }),
    );
    expect(() => structuredFormat(5, 4)).toThrow(
      expect.objectContaining({ name: 'SparseFormatError', argument: 'n' }),
    );
  });

  it('refuses a block that does not divide the shape, naming the shape', () => {
    const data = new Float64Array(5 * 4).fill(1);
    for (const format of [blockSparseFormat([2, 2]), structuredFormat(2, 3)]) {
      expect(() => SparseTensor.fromDense(data, [5, 4], format)).toThrow(
        expect.objectContaining({ name: 'SparseFormatError', argument: 'shape' }),
      );
    }
  });
});

describe('block sparse (BSR) tensors', () => {
  it('stores the blocks a plain loop finds, each dense, and round-trips (seeded)', () => {
    const next = seededRandom(3601);
    for (let trial = 0; trial < TRIALS; trial++) {
      const r = 1 + Math.floor(next() * 3);
      const c = 1 + Math.floor(next() * 4);
      const rows = r * Math.floor(next() * 5);
      const cols = c * Math.floor(next() * 5);
      const blockRows = next() < 0.5 ? 'dense' : 'compressed';
      const data = randomMatrix(rows, cols, next() * 0.4, next, Float64Array);
      const format = blockSparseFormat([r, c], { blockRows });
      const t = SparseTensor.fromDense(data, [rows, cols], format);
      expect(Array.from(t.toDense() as Float64Array)).toEqual(Array.from(data));
      // The blocks holding a non-zero, block row by block row (a plain loop).
      const blocks: [number, number][] = [];
      for (let ib = 0; ib < rows / r; ib++) {
        for (let jb = 0; jb < cols / c; jb++) {
          let any = false;
          for (let ii = 0; ii < r; ii++) {
            for (let jj = 0; jj < c; jj++) any ||= data[(ib * r + ii) * cols + jb * c + jj] !== 0;
          }
          if (any) blocks.push([ib, jb]);
        }
      }
      expect(Array.from((t.coordinates[1] ?? []) as Uint32Array)).toEqual(
        blocks.map(([, jb]) => jb),
      );
      expect(t.nnz).toBe(blocks.length * r * c);
      expect(t.levelSizes).toEqual([rows / r, cols / c, r, c]);
      // Each block's values row-major.
      const values = blocks.flatMap(([ib, jb]) =>
        Array.from({ length: r * c }, (_, k) => {
          const ii = Math.floor(k / c);
          return data[(ib * r + ii) * cols + jb * c + (k % c)] as number;
        }),
      );
      expect(Array.from(t.values as Float64Array)).toEqual(values);
      // Through CSR and back, and transposed (a BSR read in the other mode order).
      const csr = t.convert('CSR');
      expect(Array.from(csr.toDense() as Float64Array)).toEqual(Array.from(data));
      const back = SparseTensor.fromDense(data, [rows, cols], 'CSR').convert(format);
      expect(Array.from(back.toDense() as Float64Array)).toEqual(Array.from(data));
      expect(Array.from((back.coordinates[1] ?? []) as Uint32Array)).toEqual(
        Array.from((t.coordinates[1] ?? []) as Uint32Array),
      );
      expect(Array.from(t.transpose().toDense() as Float64Array)).toEqual(
        transposed(data, rows, cols),
      );
      expect(Array.from(t.transpose().convert('CSR').toDense() as Float64Array)).toEqual(
        transposed(data, rows, cols),
      );
    }
  });

  it('sums duplicate coordinates given in any order, like CSR does (seeded)', () => {
    const next = seededRandom(3602);
    for (let trial = 0; trial < TRIALS; trial++) {
      const rows = 2 * (1 + Math.floor(next() * 4));
      const cols = 3 * (1 + Math.floor(next() * 4));
      const count = Math.floor(next() * 20);
      const coordinates = Array.from({ length: count }, () => [
        Math.floor(next() * rows),
        Math.floor(next() * cols),
      ]);
      const values = Array.from({ length: count }, () => 1 + Math.floor(next() * 9));
      const bsr = SparseTensor.fromCoordinates(
        coordinates,
        values,
        [rows, cols],
        blockSparseFormat([2, 3]),
      );
      const csr = SparseTensor.fromCoordinates(coordinates, values, [rows, cols], 'CSR');
      expect(Array.from(bsr.toDense() as Float64Array)).toEqual(
        Array.from(csr.toDense() as Float64Array),
      );
      // Every stored CSR entry is a stored BSR entry with the same value.
      const stored = new Map(
        bsr.toCoordinates().coordinates.map((c, k) => [c.join(','), bsr.toCoordinates().values[k]]),
      );
      const listed = csr.toCoordinates();
      listed.coordinates.forEach((c, k) => {
        expect(stored.get(c.join(','))).toBe(listed.values[k]);
      });
    }
  });
});

describe('n:m structured tensors', () => {
  it('keeps n increasing offsets per group, padded with zeros, and round-trips (seeded)', () => {
    const next = seededRandom(3603);
    for (let trial = 0; trial < TRIALS; trial++) {
      const m = 2 + Math.floor(next() * 4);
      const n = 1 + Math.floor(next() * m);
      const rows = Math.floor(next() * 5);
      const cols = m * Math.floor(next() * 4);
      const data = pruned(randomMatrix(rows, cols, next(), next, Float64Array), rows, cols, n, m);
      const format = structuredFormat(n, m);
      const t = SparseTensor.fromDense(data, [rows, cols], format);
      expect(Array.from(t.toDense() as Float64Array)).toEqual(Array.from(data));
      const groups = (rows * cols) / m;
      const crd = Array.from((t.coordinates[2] ?? []) as Uint32Array);
      expect(crd.length).toBe(groups * n);
      expect(t.positions).toEqual([undefined, undefined, undefined]);
      for (let g = 0; g < groups; g++) {
        const offsets = crd.slice(g * n, (g + 1) * n);
        // The group's non-zero offsets, then the smallest unused ones (a plain loop).
        const nonzero: number[] = [];
        for (let o = 0; o < m; o++) if (data[g * m + o] !== 0) nonzero.push(o);
        const padding: number[] = [];
        for (let o = 0; o < m && nonzero.length + padding.length < n; o++) {
          if (!nonzero.includes(o)) padding.push(o);
        }
        expect(offsets).toEqual([...nonzero, ...padding].sort((a, b) => a - b));
        offsets.forEach((o, s) => {
          expect(t.values[g * n + s]).toBe(data[g * m + o]);
        });
      }
      const csr = SparseTensor.fromDense(data, [rows, cols], 'CSR');
      expect(Array.from(t.convert('CSR').toDense() as Float64Array)).toEqual(Array.from(data));
      expect(Array.from(csr.convert(format).toDense() as Float64Array)).toEqual(Array.from(data));
      expect(Array.from((csr.convert(format).coordinates[2] ?? []) as Uint32Array)).toEqual(crd);
      // A BSR tensor stores zeros in its blocks; into n:m they are padding, not entries.
      if (rows % 2 === 0 && cols % m === 0) {
        const bsr = csr.convert(blockSparseFormat([2, m]));
        expect(Array.from(bsr.convert(format).toDense() as Float64Array)).toEqual(Array.from(data));
      }
    }
  });

  it('refuses a group with more than n entries, naming the level type (seeded)', () => {
    const next = seededRandom(3604);
    for (let trial = 0; trial < TRIALS; trial++) {
      const rows = 1 + Math.floor(next() * 4);
      const cols = 4 * (1 + Math.floor(next() * 3));
      const data = pruned(randomMatrix(rows, cols, 0.5, next, Float64Array), rows, cols, 2, 4);
      // One group, the only one, gets three entries.
      const group = Math.floor(next() * ((rows * cols) / 4));
      data.fill(1, group * 4, group * 4 + 3);
      data[group * 4 + 3] = 0;
      const error = (() => {
        try {
          SparseTensor.fromDense(data, [rows, cols], structuredFormat(2, 4));
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(SparseStorageError);
      expect((error as Error).message).toContain('structured[2, 4]');
      expect((error as Error).message).toContain(`group ${group} has 3`);
    }
  });

  it('validates given storage: lengths, offsets inside the group, order within a group', () => {
    const format: FormatSpec = structuredFormat(2, 4);
    const storage = (crd: number[], values = crd.length) => ({
      positions: [undefined, undefined, undefined],
      coordinates: [undefined, undefined, Uint32Array.from(crd)],
      values: new Float32Array(values).fill(1),
    });
    expect(
      Array.from(
        SparseTensor.fromStorage([1, 8], format, storage([0, 3, 1, 2])).toDense() as Float64Array,
      ),
    ).toEqual([1, 0, 0, 1, 0, 1, 1, 0]);
    // Out of order within a group: sorted, as other levels' segments are.
    expect(
      Array.from(
        SparseTensor.fromStorage([1, 8], format, storage([3, 0, 2, 1])).toDense() as Float64Array,
      ),
    ).toEqual([1, 0, 0, 1, 0, 1, 1, 0]);
    expect(() => SparseTensor.fromStorage([1, 8], format, storage([0, 3, 1]))).toThrow(
      expect.objectContaining({ name: 'SparseStorageError', argument: 'coordinates[2]' }),
    );
    expect(() => SparseTensor.fromStorage([1, 8], format, storage([0, 4, 1, 2]))).toThrow(
      expect.objectContaining({ name: 'SparseStorageError', argument: 'coordinates[2]' }),
    );
    expect(() => SparseTensor.fromStorage([1, 8], format, storage([0, 3, 1, 2], 3))).toThrow(
      expect.objectContaining({ name: 'SparseStorageError', argument: 'values' }),
    );
  });
});

describe('block and structured formats in kernels', () => {
  // As operands they are planned over their levels (test/sparsify/block-operands.test.ts).
  it('as an output are a typed error naming the tensor and the format that works', () => {
    for (const format of [blockSparseFormat([2, 2]), structuredFormat(2, 4)]) {
      expect(() => sparsify('C(i,j) = A(i,j) * 2', { A: 'CSR', C: format })).toThrow(
        expect.objectContaining({ name: 'SparsifyError', argument: 'formats.C' }),
      );
    }
  });
});
