/** The `sparseDot` op: dot product of a sparse vector with a dense or sparse vector. */
import { concat, op, type Scalar, sum, zeros } from '@tensorflow/tfjs-core';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparseDot, SparseOp } from '../kernel-names.js';
import { usePreparedKernels } from '../prepared/prepared-kernel.js';
import { SPARSE_DOT_KERNELS } from '../prepared/sparse-dot.generated.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';
import { needsDeviceForms } from '../webgpu/device-forms.js';
import { type DenseArgument, denseTensor, partnerDtype } from './dense-argument.js';
import { DEFAULT_OP_OPTIONS, runFixedKernel, runSparseKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';
import { sparseToDense } from './to-dense.js';

/** The dot product's terms, one per stored entry of `a` (the device form's kernel). */
const ENTRY_PRODUCTS = 't(i) = a(i) * b(i)';

/**
 * `x = a(i) * b(i)` (a rank-0 result) with `a` sparse and `b` dense (a tensor or numbers,
 * converted to `a`'s dtype) or sparse.
 *
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function sparseDot_(
  a: SparseArgument,
  b: DenseArgument | SparseArgument,
  options?: SparseOpOptions,
): Scalar {
  usePreparedKernels(SPARSE_DOT_KERNELS);
  requireSparse(a, 1, 'a');
  const sparseB = b instanceof TfSparseTensor || b instanceof SparseTensor;
  if (sparseB) requireSparse(b, 1, 'b');
  const operandB = sparseB ? b : denseTensor(b, 'b', partnerDtype(a));
  if (needsDeviceForms()) {
    // The products in parallel, then tfjs's reduction (see webgpu/device-forms.ts).
    const dense = sparseB ? sparseToDense(b) : operandB;
    const products = runSparseKernel(
      'sparseDot',
      SparseOp,
      ENTRY_PRODUCTS,
      { a, b: dense },
      new Set(['a']),
      { ...DEFAULT_OP_OPTIONS, ...options },
      { expr: ENTRY_PRODUCTS },
    );
    // tfjs-webgpu's reduction cannot take an empty tensor: the empty sum is that of one 0,
    // still computed from the products so that gradients reach the operands.
    return sum(products.size === 0 ? concat([products, zeros([1], products.dtype)]) : products);
  }
  return runFixedKernel(
    'sparseDot',
    SparseDot,
    { a, b: operandB },
    sparseB ? ['a', 'b'] : ['a'],
    options,
  ) as Scalar;
}

export const sparseDot = op({ sparseDot_ });
