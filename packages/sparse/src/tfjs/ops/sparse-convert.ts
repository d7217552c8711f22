/** The `sparseConvert` op: a sparse tensor stored in another format. */
import { op } from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import { hostCopy, requireHostBackend } from './host-assembled.js';
import { residentSparse } from './pattern-operands.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * `A` stored in `format` (`SparseTensor.convert` on the host copy of its storage, uploaded): on
 * the cpu and wasm backends only, whose tensors are host memory. A materialized transpose is
 * `sparseConvert(A.transpose(), 'CSR')` (a CSR matrix's transpose read as CSC, then stored
 * row-major). Not differentiable.
 *
 * @throws SparseFormatError naming `A` or `format`, SparsifyError naming `A` (a GPU backend).
 */
function sparseConvert_(A: SparseArgument, format: FormatSpec): TfSparseTensor {
  requireHostBackend('sparseConvert', 'A');
  const sparse = residentSparse(A, 'A');
  return TfSparseTensor.fromSparseTensor(hostCopy(sparse).convert(format32(format, sparse.rank)));
}

export const sparseConvert = op({ sparseConvert_ });
