/** The `sparseMatMul` op: sparse x sparse matrix product with a sparse result (SpGEMM). */
import { op } from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparsifyError } from '../../sparsify/index.js';
import { format32, type TfSparseTensor } from '../sparse-tensor-tf.js';
import { assembleOnHost, requireHostBackend } from './host-assembled.js';
import { residentSparse } from './pattern-operands.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * `C(i,j) = A(i,k) * B(k,j)` with sparse `A` and `B` (any matrix formats, one value dtype) and a
 * sparse result in `format` (default CSR), assembled on the host by the emitted loops (a dense
 * workspace per row for row-major operands; see the README's "Sparse outputs"): on the cpu and
 * wasm backends only, whose tensors are host memory. Not differentiable (the pattern depends on
 * the operands). Every product the loops meet is stored, even one that sums to zero.
 *
 * @throws SparseFormatError naming `A` or `B` (not a sparse matrix, disposed, float64),
 *   SparsifyError naming `B` (extents, dtype) or `A` (a GPU backend), SparseFormatError naming
 *   `format`.
 */
function sparseMatMul_(
  A: SparseArgument,
  B: SparseArgument,
  format: FormatSpec = 'CSR',
): TfSparseTensor {
  requireHostBackend('sparseMatMul', 'A');
  const outputFormat = format32(format, 2);
  const left = residentSparse(A, 'A', 2);
  const right = residentSparse(B, 'B', 2);
  if (left.shape[1] !== right.shape[0])
    throw new SparsifyError(
      'B',
      `expected ${left.shape[1]} rows (A's column count), got shape [${right.shape.join(', ')}]`,
    );
  if (left.dtype !== right.dtype)
    throw new SparsifyError('B', `expected ${left.dtype} values like A's, got ${right.dtype}`);
  return assembleOnHost('C(i,j) = A(i,k) * B(k,j)', { A: left, B: right }, outputFormat);
}

export const sparseMatMul = op({ sparseMatMul_ });
