/**
 * Transposition as a change of mode order: dimension `k` of the transposed tensor is
 * dimension `perm[k]` of the given one, so the same level storage, read with each level's
 * dimension renumbered, is the transposed tensor (a CSR matrix read as CSC is its transpose,
 * as scipy's `.T` returns). Nothing is copied or sorted.
 */
import { SparseArgumentError, textOf } from '../sparse-error.js';
import type { SparseFormat } from './format.js';

/**
 * The shape and format of the transpose of a tensor of `shape` stored in `format`; `perm`
 * (default: the dimensions reversed, as `tf.transpose` and numpy's `.T`) must be a
 * permutation of `0..rank-1`, else a {@link SparseArgumentError} naming `perm`.
 */
export function transposedLayout(
  shape: readonly number[],
  format: SparseFormat,
  perm: unknown,
): { shape: number[]; format: SparseFormat } {
  const rank = shape.length;
  const permutation = perm ?? Array.from({ length: rank }, (_, k) => rank - 1 - k);
  if (
    !Array.isArray(permutation) ||
    permutation.length !== rank ||
    new Set(permutation).size !== rank ||
    permutation.some((d) => typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d >= rank)
  ) {
    throw new SparseArgumentError(
      'perm',
      `must be a permutation of 0..${rank - 1}, got ${textOf(perm)}`,
      `a permutation of 0..${rank - 1}`,
    );
  }
  const dims = permutation as number[];
  // Dimension d of the given tensor is dimension inverse[d] of the transpose.
  const inverse = new Array<number>(rank);
  dims.forEach((d, k) => {
    inverse[d] = k;
  });
  return {
    shape: dims.map((d) => shape[d] as number),
    format: Object.freeze({
      ...format,
      order: Object.freeze(format.order.map((d) => inverse[d] as number)),
    }),
  };
}
