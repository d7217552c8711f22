/** The `sddmm` op: a dense-dense product sampled at a sparse pattern. */
import { op, type Tensor } from '@tensorflow/tfjs-core';
import { SparseSddmm } from '../kernel-names.js';
import type { SparseOpOptions } from '../sparse-op-key.js';
import { rowMajorMatrix } from '../webgpu/device-forms.js';
import { runFixedKernel } from './run-sparse-kernel.js';
import { requireSparse, type SparseArgument } from './sparse-argument.js';

/**
 * `X(i,j) = S(i,j) * (A(i,k) * B(k,j))`: the product `A B` at the stored entries of `S`, scaled
 * by them (a dense result, zero elsewhere).
 *
 * @throws SparseFormatError, SparsifyError, KernelNotRegisteredError
 */
function sddmm_(S: SparseArgument, A: Tensor, B: Tensor, options?: SparseOpOptions): Tensor {
  requireSparse(S, 2, 'S');
  return runFixedKernel('sddmm', SparseSddmm, { S: rowMajorMatrix(S), A, B }, ['S'], options);
}

export const sddmm = op({ sddmm_ });
