/** Arbitraries of sparse matrices in CSR form (positions, coordinates, values). */
import * as fc from 'fast-check';
import { checkBounds } from '../core/arguments.js';

/** A sparse matrix in CSR form: row `i` holds `crd[pos[i]..pos[i+1])` with `vals` alongside. */
export interface CsrMatrix {
  readonly rows: number;
  readonly cols: number;
  /** `rows + 1` non-decreasing positions, starting at 0. */
  readonly pos: readonly number[];
  /** Column of each stored value, strictly increasing within a row. */
  readonly crd: readonly number[];
  readonly vals: readonly number[];
}

/** Bounds of generated matrices. */
export interface CsrBounds {
  readonly maxRows?: number;
  readonly maxCols?: number;
  /** Values are integers in `[-maxValue, maxValue]`, so sums stay exact in float32. */
  readonly maxValue?: number;
}

/** CSR matrices within `bounds`, including empty rows. */
export function csrMatrices(bounds: CsrBounds = {}): fc.Arbitrary<CsrMatrix> {
  checkBounds(bounds, 'bounds', {
    maxRows: { count: [1, 2 ** 16] },
    maxCols: { count: [1, 2 ** 16] },
    maxValue: { count: [0, 2 ** 24] },
  });
  const maxValue = bounds.maxValue ?? 8;
  return fc
    .record({
      rows: fc.integer({ min: 1, max: bounds.maxRows ?? 6 }),
      cols: fc.integer({ min: 1, max: bounds.maxCols ?? 40 }),
    })
    .chain(({ rows, cols }) =>
      fc
        .array(
          fc
            .uniqueArray(fc.integer({ min: 0, max: cols - 1 }), { maxLength: cols })
            .map((c) => [...c].sort((a, b) => a - b)),
          { minLength: rows, maxLength: rows },
        )
        .chain((columns) => {
          const nnz = columns.reduce((n, c) => n + c.length, 0);
          return fc
            .array(fc.integer({ min: -maxValue, max: maxValue }), {
              minLength: nnz,
              maxLength: nnz,
            })
            .map((vals) => ({
              rows,
              cols,
              pos: [
                0,
                ...columns.map((_, i) => columns.slice(0, i + 1).reduce((n, c) => n + c.length, 0)),
              ],
              crd: columns.flat(),
              vals,
            }));
        }),
    );
}
