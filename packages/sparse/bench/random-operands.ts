/**
 * Reproducible random operands for the sparse benchmarks: one seeded stream (`seededRandom`), so
 * every run of a benchmark file measures the same data.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { type FormatSpec, SparseTensor } from '../src/index.js';

/** Generators of dense vectors and sparse tensors (values in [-1, 1)) drawing from one stream. */
export interface RandomOperands {
  /** `n` values. */
  vector(n: number): Float32Array;
  /** A rank-1 or rank-2 tensor of `shape` in `format`, each element non-zero with probability `density`. */
  sparse(shape: readonly number[], density: number, format: FormatSpec): SparseTensor;
  /**
   * A float64 matrix of `shape` with exactly `nnz` non-zeros at uniformly drawn distinct
   * positions (work proportional to `nnz`, so very large sparse shapes stay cheap).
   */
  sparseCount(shape: readonly [number, number], nnz: number, format: FormatSpec): SparseTensor;
}

/** Operand generators over the stream seeded with `seed`. */
export function randomOperands(seed: number): RandomOperands {
  const next = seededRandom(seed);
  return {
    vector: (n) => Float32Array.from({ length: n }, () => next() * 2 - 1),
    sparse(shape, density, format) {
      const coords: number[][] = [];
      const values: number[] = [];
      const [rows = 1, cols = 1] = shape.length === 1 ? [1, shape[0] as number] : shape;
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          if (next() < density) {
            coords.push(shape.length === 1 ? [j] : [i, j]);
            values.push(next() * 2 - 1);
          }
        }
      }
      return SparseTensor.fromCoordinates(coords, values, shape, format);
    },
    sparseCount([rows, cols], nnz, format) {
      const seen = new Set<number>();
      const coords: number[][] = [];
      const values: number[] = [];
      while (coords.length < nnz) {
        const i = Math.floor(next() * rows);
        const j = Math.floor(next() * cols);
        if (seen.has(i * cols + j)) continue;
        seen.add(i * cols + j);
        coords.push([i, j]);
        values.push(next() * 2 - 1);
      }
      return SparseTensor.fromCoordinates(coords, values, [rows, cols], format, {
        dtype: 'float64',
      });
    },
  };
}
