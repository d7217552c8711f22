/**
 * The named formats with their compressed levels loose (MLIR's `loose_compressed`, as in
 * `sparse_loose.mlir`): the same level order and uniqueness, each segment free to end before
 * the next begins. The emitter's and the tfjs ops' tests run their operands in these forms.
 */
import type { FormatSpec, NamedFormat } from '../../src/index.js';

/** Each named format that has a compressed level, in its loose form. */
export const LOOSE_FORMATS: Readonly<Partial<Record<NamedFormat, FormatSpec>>> = {
  'sparse-vector': ['loose_compressed'],
  CSR: ['dense', 'loose_compressed'],
  CSC: { levels: ['dense', 'loose_compressed'], order: [1, 0] },
  DCSR: ['loose_compressed', 'loose_compressed'],
  DCSC: { levels: ['loose_compressed', 'loose_compressed'], order: [1, 0] },
  COO: ['loose_compressed(nonunique)', 'singleton'],
};
