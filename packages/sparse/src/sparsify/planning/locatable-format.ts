/**
 * The storage an operand read through affine subscripts is located in (see
 * emission/located-access.ts for the reads). Planning turns such operands' formats into
 * locatable ones, so every kernel with affine subscripts is planned through this file, which is
 * why it also installs the extent inference binding uses for them.
 */
import type { SparseFormat } from '../../sparse-tensor/format.js';
import { inferAffineExtents } from './affine-extent-inference.js';
import { installAffineExtentInference } from './affine-extents.js';

// Binding sizes the indices of affine subscripts only for kernels planned here.
installAffineExtentInference(inferAffineExtents);

/**
 * The format a sparse operand read through affine subscripts is located in: its own level order,
 * the outermost level dense if it is dense and compressed otherwise, every inner level
 * compressed (unique levels whose segments a binary search can locate in; a dense inner level's
 * extent is no kernel argument). Formats that already are (CSR, CSC, DCSR, DCSC, CSF, sparse
 * vectors) are located as they are; others (COO, a dense level inside) are converted at binding.
 */
export function locatableFormat(format: SparseFormat): SparseFormat {
  return {
    ...format,
    levels: format.levels.map((lt, l) => (l === 0 && lt === 'dense' ? 'dense' : 'compressed')),
  };
}
