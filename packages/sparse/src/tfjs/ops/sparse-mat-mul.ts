/** The `sparseMatMul` op: sparse x sparse matrix product with a sparse result (SpGEMM). */
import { op } from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparsifyError } from '../../sparsify/index.js';
import { format32, type TfSparseTensor } from '../sparse-tensor-tf.js';
import { assembleOnHost, hostOperand } from './host-assembled.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * `C(i,j) = A(i,k) * B(k,j)` with sparse `A` and `B` (any matrix formats, one value dtype) and a
 * sparse result in `format` (default CSR), assembled on the host by the emitted loops (a dense
 * workspace per row for row-major operands; see the README's "Sparse outputs") and uploaded.
 * Operands are host `SparseTensor`s (any backend) or `TfSparseTensor`s on the cpu and wasm
 * backends, whose tensors are host memory. Not differentiable (the pattern depends on the
 * operands). Every product the loops meet is stored, even one that sums to zero.
 *
 * @throws SparseFormatError naming `A` or `B` (not a sparse matrix, disposed, float64) or
 *   `format`, SparsifyError naming `B` (extents, dtype) or the operand that is a
 *   `TfSparseTensor` on a GPU backend.
 */
function sparseMatMul_(
  A: SparseArgument,
  B: SparseArgument,
  format: FormatSpec = 'CSR',
): TfSparseTensor {
  const outputFormat = format32(format, 2);
  const left = hostOperand('sparseMatMul', A, 'A', 2);
  const right = hostOperand('sparseMatMul', B, 'B', 2);
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
