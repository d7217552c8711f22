/**
 * Sizes are bounded before anything is allocated: a tensor whose storage would need an
 * array of more than `MAX_STORAGE_LENGTH` (2^31 - 1) entries — CSR row pointers of 2^53
 * rows, `toDense()` of such a shape — is a `SparseStorageError` naming `shape`, never a fatal
 * out-of-memory of the process; below the bound the storage is built in typed arrays (an
 * empty CSR tensor of 2e8 rows, as scipy builds it), and compressed formats of up to 2^53 rows
 * cost only their entries. Seeded: random shapes mixing tiny and huge extents in every format,
 * predicted by the storage scheme's array lengths.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_STORAGE_LENGTH,
  type NamedFormat,
  resolveFormat,
  SparseStorageError,
  SparseTensor,
} from '../../src/index.js';

describe('storage sizes are bounded before allocating', () => {
  it('an empty CSR of 2e8 rows is built; of 2^53 rows it is a typed error; DCSR of 2^53 works', () => {
    const big = SparseTensor.fromCoordinates([], [], [2e8, 3], 'CSR');
    expect(big.positions[1]?.length).toBe(2e8 + 1);
    expect(big.positions[1]?.[2e8]).toBe(0);
    expect(big.nnz).toBe(0);
    for (const rows of [2 ** 53, 2 ** 31, MAX_STORAGE_LENGTH]) {
      expect(() => SparseTensor.fromCoordinates([], [], [rows, 3], 'CSR')).toThrow(
        SparseStorageError,
      );
      expect(() => SparseTensor.fromCoordinates([], [], [rows, 3], 'CSR')).toThrow(
        /Invalid shape: the storage needs/,
      );
    }
    const wide = SparseTensor.fromCoordinates([[2 ** 53 - 1, 2]], [4], [2 ** 53, 3], 'DCSR', {
      crdWidth: 'index',
    });
    expect(wide.toCoordinates()).toEqual({ coordinates: [[2 ** 53 - 1, 2]], values: [4] });
    expect(wide.convert('DCSC').toCoordinates().coordinates).toEqual([[2 ** 53 - 1, 2]]);
    expect(() => wide.convert('CSR')).toThrow(/Invalid shape/);
    expect(() => wide.toDense()).toThrow(/a dense array of 27021597764222976 elements/);
    expect(() => SparseTensor.fromCoordinates([], [], [2 ** 53 + 2, 1], 'DCSR')).toThrow(
      /Invalid shape: must be a non-empty list of at most 64 integers from 0 to 2\^53/,
    );
    // Building 800 MB of row pointers takes seconds on a loaded machine.
  }, 120_000);

  it('random shapes of tiny and huge extents: built or a typed error, as predicted (seeded)', () => {
    const extents = [0, 1, 3, 7, 2 ** 31, 2 ** 40, 2 ** 53];
    const formats: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO', 'dense'];
    fc.assert(
      fc.property(
        fc.constantFrom(...extents),
        fc.constantFrom(...extents),
        fc.constantFrom(...formats),
        fc.array(
          fc.tuple(
            fc.double({ min: 0, max: 1, noNaN: true }),
            fc.double({ min: 0, max: 1, noNaN: true }),
          ),
          {
            maxLength: 4,
          },
        ),
        (rows, cols, format, at) => {
          const shape = [rows, cols];
          const coordinates =
            rows * cols === 0
              ? []
              : at.map(([u, v]) => [Math.floor(u * (rows - 1)), Math.floor(v * (cols - 1))]);
          const { levels, order } = resolveFormat(format, 2);
          // The longest array the scheme needs: the dense levels' product before a
          // compressed level (plus one: its positions), or every dense level's product.
          let parents = 1;
          let longest = 1;
          levels.forEach((lt, l) => {
            const size = shape[order[l] as number] as number;
            if (lt === 'dense') {
              parents *= size;
              longest = Math.max(longest, parents);
            } else {
              longest = Math.max(longest, parents + 1);
              parents = Math.min(parents * size, coordinates.length);
            }
          });
          const build = () =>
            SparseTensor.fromCoordinates(
              coordinates,
              coordinates.map(() => 1),
              shape,
              format,
              { crdWidth: 'index', posWidth: 'index' },
            );
          if (longest > MAX_STORAGE_LENGTH) {
            expect(build).toThrow(SparseStorageError);
            expect(build).toThrow(/Invalid shape/);
            return;
          }
          const t = build();
          const distinct = new Set(coordinates.map((c) => c.join())).size;
          if (format !== 'dense') expect(t.nnz).toBe(distinct);
          if (rows * cols > MAX_STORAGE_LENGTH) expect(() => t.toDense()).toThrow(/Invalid shape/);
          else expect(t.toDense().length).toBe(rows * cols);
        },
      ),
      { seed: 3407, numRuns: 300 },
    );
  });
});
