/** The storage formats the tfjs ops' tests run their sparse operands in. */
import type { FormatSpec, NamedFormat } from '../../../src/index.js';

/** The named matrix formats every op is tested in. */
export const MATRIX_FORMATS: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'];

/** A rank-3 CSF in a permuted mode order (no named format spells it). */
export const PERMUTED_CSF: FormatSpec = {
  levels: ['compressed', 'compressed', 'compressed'],
  order: [2, 0, 1],
};
