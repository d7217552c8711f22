/** The `sddmm` op: a dense-dense product sampled at a sparse pattern. */
import { op, type Tensor2D } from '@tensorflow/tfjs-core';
import { SparseSddmm } from '../kernel-names.js';
import { usePreparedKernels } from '../prepared/prepared-kernel.js';
import { SDDMM_KERNELS } from '../prepared/sddmm.generated.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { type DenseArgument, denseTensor, partnerDtype } from './dense-argument.js';
import { rowMajorMatrix } from './device-form-hook.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/**
 * `X(i,j) = S(i,j) * (A(i,k) * B(k,j))`: the product `A B` at the stored entries of `S`, scaled
 * by them (a dense result, zero elsewhere). `A` and `B` are tensors or numbers (converted to
 * `S`'s dtype).
 *
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function sddmm_(
  S: SparseArgument,
  A: DenseArgument,
  B: DenseArgument,
  options?: SparseOpOptions,
): Tensor2D {
  usePreparedKernels(SDDMM_KERNELS);
  requireSparse(S, 2, 'S');
  const dtype = partnerDtype(S);
  const operands = {
    S: rowMajorMatrix(S),
    A: denseTensor(A, 'A', dtype),
    B: denseTensor(B, 'B', dtype),
  };
  return runFixedKernel('sddmm', SparseSddmm, operands, ['S'], options) as Tensor2D;
}

export const sddmm = op({ sddmm_ });
