/**
 * `SparseTensor.convert` between every pair of formats of ranks 1 to 3 (every level-type
 * combination of dense/compressed, COO, in every mode order) and widths, on seeded random
 * tensors of densities 0 to 100 %: the result stores exactly the source's stored entries
 * (stored zeros, a dense level's fill included, as scipy's conversions keep explicit zeros)
 * and, its zeros dropped, is the storage `fromDense` builds in the target format (derived
 * from MLIR's sparse_conversion_sparse2sparse.mlir and sparse_conversion.mlir, which convert
 * between every pair of their encodings).
 */
import { describe, expect, it } from 'vitest';
import {
  type LevelType,
  type SparseFormat,
  SparseFormatError,
  SparseStorageError,
  SparseTensor,
  type StorageWidth,
} from '../../src/index.js';
import { randomDense, rng } from '../sparsify/fixtures.js';
import { STORAGE_WIDTHS } from '../support/storage-options.js';
import { formatsOfRank, permutations } from './support/formats-of-rank.js';

/** The stored entries as `coordinates:value` strings, sorted (the stored pattern). */
function storedEntries(t: SparseTensor): string[] {
  const { coordinates, values } = t.toCoordinates();
  return coordinates.map((c, k) => `${c.join(',')}:${values[k]}`).sort();
}

const DENSITIES = [0, 0.15, 0.5, 1];

const show = (f: { levels: readonly string[]; order: readonly number[] }): string =>
  `[${f.levels.join(',')}] order [${f.order.join(',')}]`;

describe.each([1, 2, 3])('rank %i: every pair of formats', (rank) => {
  const formats = formatsOfRank(rank);
  it(`${formats.length} x ${formats.length} conversions match fromDense in the target`, () => {
    const next = rng(rank * 1000 + 7);
    // Rank 3 has 54 formats: two densities keep its 2916 pairs quick.
    (rank === 3 ? [0, 0.4] : DENSITIES).forEach((density, s) => {
      const shape = Array.from(
        { length: rank },
        () => 1 + Math.floor(next() * (rank === 3 ? 5 : 9)),
      );
      const data = randomDense(shape, { density, seed: s + 1 });
      for (const from of formats) {
        const w1 = STORAGE_WIDTHS[Math.floor(next() * STORAGE_WIDTHS.length)] as StorageWidth;
        const source = SparseTensor.fromDense(data, shape, from, {
          posWidth: w1,
          crdWidth: w1,
          dtype: 'float64',
        });
        for (const to of formats) {
          const w2 = STORAGE_WIDTHS[Math.floor(next() * STORAGE_WIDTHS.length)] as StorageWidth;
          const converted = source.convert(to, { posWidth: w2, crdWidth: w2 });
          const reference = SparseTensor.fromDense(data, shape, to, {
            posWidth: w2,
            crdWidth: w2,
            dtype: 'float64',
          });
          const label = `${show(from)} -> ${show(to)}, shape [${shape}], density ${density}`;
          expect(converted.format, label).toEqual(reference.format);
          // Every stored entry stays; the only new ones are a dense target level's fill.
          const kept = storedEntries(converted);
          const given = storedEntries(source);
          expect(
            kept.filter((e) => !given.includes(e)).every((e) => e.endsWith(':0')),
            label,
          ).toBe(true);
          expect(
            given.every((e) => kept.includes(e)),
            label,
          ).toBe(true);
          const nonzero = converted.withoutZeros();
          expect(nonzero.positions, label).toEqual(reference.positions);
          expect(nonzero.coordinates, label).toEqual(reference.coordinates);
          expect(nonzero.values, label).toEqual(reference.values);
        }
      }
    });
  });
});

describe('convert', () => {
  it('converts a CSF tensor of rank 4 between mode orders (CSR -> CSC style transposition)', () => {
    const shape = [3, 4, 2, 5];
    const data = randomDense(shape, { density: 0.3, seed: 9 });
    const csf = (order: number[]): { levels: LevelType[]; order: number[] } => ({
      levels: ['compressed', 'compressed', 'compressed', 'compressed'],
      order,
    });
    const source = SparseTensor.fromDense(data, shape, csf([0, 1, 2, 3]));
    for (const order of permutations(4)) {
      const out = source.convert(csf(order));
      const reference = SparseTensor.fromDense(data, shape, csf(order));
      expect(out.coordinates).toEqual(reference.coordinates);
      expect(out.positions).toEqual(reference.positions);
      expect(out.values).toEqual(reference.values);
    }
  });

  it('keeps the dtype, by default the widths, and stored zeros (withoutZeros drops them)', () => {
    const a = SparseTensor.fromStorage([2, 3], 'CSR', {
      positions: [undefined, new Uint16Array([0, 2, 3])],
      coordinates: [undefined, new Uint16Array([0, 2, 1])],
      values: new Int32Array([5, 0, 7]),
    });
    const b = a.convert('CSC');
    expect(b.dtype).toBe('int32');
    expect((b.format as SparseFormat).posWidth).toBe(16);
    expect(b.nnz).toBe(3);
    expect(Array.from(b.coordinates[1] as Uint16Array)).toEqual([0, 1, 0]);
    expect(Array.from(b.values as Int32Array)).toEqual([5, 7, 0]);
    expect(Array.from(b.toDense() as Int32Array)).toEqual([5, 0, 0, 0, 7, 0]);
    expect(b.withoutZeros().nnz).toBe(2);
    expect(Array.from(b.withoutZeros().values as Int32Array)).toEqual([5, 7]);
  });

  it('rejects a format of another rank and widths too narrow for the tensor, typed', () => {
    const a = SparseTensor.fromDense(new Float32Array(300).fill(1), [300], 'sparse-vector');
    expect(() => a.convert('CSR')).toThrow(SparseFormatError);
    expect(() => a.convert('sparse-vector', { crdWidth: 8 })).toThrow(SparseStorageError);
    expect(() => a.convert('sparse-vector', { crdWidth: 8 })).toThrow(/coordinates\[0\]/);
  });
});
