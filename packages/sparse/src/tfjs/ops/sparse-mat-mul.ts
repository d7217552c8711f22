/** The `sparseMatMul` op: sparse x sparse matrix product with a sparse result (SpGEMM). */
import * as tf from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparsifyError } from '../../sparsify/index.js';
import { format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import { assembledResult, assembleOnHost, hostOperand } from './host-assembled.js';
import { residentSparse } from './pattern-operands.js';
import { productTerms, termContribution, withEveryTerm } from './product-terms.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * The shape of `A B` for sparse matrices `A` and `B` of one value dtype.
 *
 * @throws SparsifyError naming `B` (rows, dtype).
 */
export function productShape(A: SparseArgument, B: SparseArgument): number[] {
  if (A.shape[1] !== B.shape[0])
    throw new SparsifyError(
      'B',
      `expected ${A.shape[1]} rows (A's column count), got shape [${B.shape.join(', ')}]`,
    );
  if (A.dtype !== B.dtype)
    throw new SparsifyError('B', `expected ${A.dtype} values like A's, got ${B.dtype}`);
  return [A.shape[0] as number, B.shape[1] as number];
}

/**
 * `C(i,j) = A(i,k) * B(k,j)` with sparse `A` and `B` (any matrix formats, one value dtype) and a
 * sparse result in `format` (default CSR), assembled on the host by the emitted loops (a dense
 * workspace per row for row-major operands; see the README's "Sparse outputs") and uploaded.
 * Operands are host `SparseTensor`s (any backend) or `TfSparseTensor`s on the cpu and wasm
 * backends, whose tensors are host memory. With a `TfSparseTensor` operand the result's values
 * are recomputed on the backend from the operands' values tensors (every product of stored
 * entries, summed into its result entry), so gradients reach them, and every `(i, j)` a product
 * reaches is stored, even where the sum is zero (without, the loops may leave such a sum out
 * when they reduce in registers, as for a CSC `B`).
 *
 * @throws SparseFormatError naming `A` or `B` (not a sparse matrix, disposed, float64) or
 *   `format`, SparsifyError naming `B` (extents, dtype) or the operand that is a
 *   `TfSparseTensor` on a GPU backend (on webgpu, `sparseMatMulAsync` takes it).
 */
function sparseMatMul_(
  A: SparseArgument,
  B: SparseArgument,
  format: FormatSpec = 'CSR',
): TfSparseTensor {
  const outputFormat = format32(format, 2);
  const left = hostOperand('sparseMatMul', A, 'A', 2);
  const right = hostOperand('sparseMatMul', B, 'B', 2);
  productShape(left, right);
  const result = assembleOnHost('C(i,j) = A(i,k) * B(k,j)', { A: left, B: right }, outputFormat);
  if (!(A instanceof TfSparseTensor || B instanceof TfSparseTensor)) return assembledResult(result);
  const [a, b] = [residentSparse(A, 'A'), residentSparse(B, 'B')];
  const terms = productTerms(
    a,
    b,
    [1],
    [0],
    [
      ['A', 0],
      ['B', 1],
    ],
  );
  return assembledResult(
    withEveryTerm(result, terms),
    (lookup) => [termContribution(lookup, terms, a, b)],
    { A, B },
  );
}

export const sparseMatMul = tf.op({ sparseMatMul_ });
