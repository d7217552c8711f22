/**
 * The Promise variants of the ops whose sparse result's pattern depends on the operands' patterns
 * (`sparseMatMul`, `sparseAdd`, a sparse x sparse `sparseMul`): on webgpu or WebGL2 with a
 * `TfSparseTensor` operand they assemble the result on the device (see device-assembled.ts),
 * elsewhere they resolve to the synchronous op's result. In their own module so that an app using
 * only the synchronous ops carries no device assembly.
 */
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import type { DenseArgument } from './dense-argument.js';
import {
  assembleElementwise,
  assembleOnDevice,
  assemblesOnDevice,
  requireDeviceResultFormat,
} from './device-assembled.js';
import { sparseAdd } from './sparse-add.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';
import { productShape, sparseMatMul } from './sparse-mat-mul.js';
import { sparseMul } from './sparse-mul.js';

/**
 * {@link sparseMatMul} where the operands may live on the GPU: on webgpu or WebGL2 with a
 * `TfSparseTensor` operand, the product is assembled on the device in two passes (see the README's
 * "Sparse results on the GPU"), reading back only the result's entry count, so the result comes as
 * a Promise; the result is CSR (`format` must be), its pattern every `(i, j)` a product of stored
 * entries reaches and its values the cpu backend's, bit for bit. Not taped for gradients there (a
 * tape records synchronous calls only): pass the result as the pattern of
 * `sparseMatMulOnPattern`, which is. Elsewhere it is `sparseMatMul`'s result.
 *
 * @throws (as a rejected Promise) what `sparseMatMul` throws; SparsifyError naming `format` for
 *   another result format on the GPU, or `A`/`B` for a device matrix that is neither CSR nor COO.
 */
export async function sparseMatMulAsync(
  A: SparseArgument,
  B: SparseArgument,
  format: FormatSpec = 'CSR',
): Promise<TfSparseTensor> {
  if (!assemblesOnDevice(A, B)) return sparseMatMul(A, B, format);
  requireSparse(A, 2, 'A');
  requireSparse(B, 2, 'B');
  const shape = productShape(A, B);
  requireDeviceResultFormat(format32(format, 2), 2);
  return assembleOnDevice('product', A, B, shape);
}

/**
 * {@link sparseAdd} where the operands may live on the GPU: on webgpu or WebGL2 with a
 * `TfSparseTensor` operand, the sum is assembled on the device in two passes (see the README's
 * "Sparse results on the GPU"), reading back only the result's entry count, so the result comes as
 * a Promise. Operands are matrices or sparse vectors, the result CSR or a sparse vector (`format`,
 * default `A`'s, must be), its pattern the union of the operands' and its values the cpu backend's,
 * bit for bit. Not taped for gradients there (a tape records synchronous calls only): pass the
 * result as the pattern of `sparseAddOnPattern`, which is. Elsewhere it is `sparseAdd`'s result.
 *
 * @throws (as a rejected Promise) what `sparseAdd` throws; SparsifyError naming `format` for
 *   another result format on the GPU, or `A`/`B` for a device tensor that is not row-major.
 */
export async function sparseAddAsync(
  A: SparseArgument,
  B: SparseArgument,
  format?: FormatSpec,
): Promise<TfSparseTensor> {
  if (!assemblesOnDevice(A, B)) return sparseAdd(A, B, format);
  return assembleElementwise('union', A, B, format);
}

/**
 * {@link sparseMul} where a sparse `B` and `A` may live on the GPU: on webgpu or WebGL2 with a
 * `TfSparseTensor` operand and a sparse `B`, the intersection of the patterns is assembled on the
 * device in two passes (see the README's "Sparse results on the GPU"), reading back only its entry
 * count, so the result comes as a Promise; `A`'s format must be CSR or a sparse vector's, the
 * values are the cpu backend's, bit for bit, and not taped for gradients there (a tape records
 * synchronous calls only: pass the result as the pattern of `sparseMulOnPattern`, which is).
 * Elsewhere, and with a dense `B`, it is `sparseMul`'s result.
 *
 * @throws (as a rejected Promise) what `sparseMul` throws; SparsifyError naming `format` for
 *   another format of `A` on the GPU, or `A`/`B` for a device tensor that is not row-major.
 */
export async function sparseMulAsync(
  A: SparseArgument,
  B: DenseArgument | SparseArgument,
): Promise<TfSparseTensor> {
  if ((B instanceof TfSparseTensor || B instanceof SparseTensor) && assemblesOnDevice(A, B))
    return assembleElementwise('intersection', A, B);
  return sparseMul(A, B);
}
