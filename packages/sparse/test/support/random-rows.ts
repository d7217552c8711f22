/**
 * Seeded random CSR matrices whose rows are uniform (0-5 entries), power-law (a few hubs) or
 * empty: the row shapes that decide how a thread pool splits a call.
 */
import { SparseTensor } from '../../src/index.js';

export type RowValueType = 'f32' | 'f64' | 'i32';
const DTYPE = { f32: 'float32', f64: 'float64', i32: 'int32' } as const;

/** A random value of `valueType`: integers in [-100, 100) for i32, else in [-1, 1). */
export const randomValue = (random: () => number, valueType: RowValueType): number =>
  valueType === 'i32' ? Math.floor(random() * 200) - 100 : random() * 2 - 1;

/** A random `rows x cols` CSR matrix of `rowShape` rows (distinct columns in each row). */
export function randomRowMatrix(
  random: () => number,
  rows: number,
  cols: number,
  rowShape: 'uniform' | 'power-law' | 'empty',
  valueType: RowValueType,
): SparseTensor {
  const tuples: number[][] = [];
  const values: number[] = [];
  for (let r = 0; r < rows && rowShape !== 'empty'; r++) {
    const length =
      rowShape === 'uniform'
        ? Math.floor(random() * Math.min(cols, 6))
        : Math.min(cols, Math.floor(cols / (1 + random() * 60) ** 1.2));
    const seen = new Set<number>();
    for (let e = 0; e < length; e++) {
      const c = Math.floor(random() * cols);
      if (seen.has(c)) continue;
      seen.add(c);
      tuples.push([r, c]);
      values.push(randomValue(random, valueType));
    }
  }
  return SparseTensor.fromCoordinates(tuples, values, [rows, cols], 'CSR', {
    dtype: DTYPE[valueType],
  });
}
