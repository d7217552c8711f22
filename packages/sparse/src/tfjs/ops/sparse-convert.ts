/** The `sparseConvert` op: a sparse tensor stored in another format. */
import { op } from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import { assembledResult, hostOperand, sameCoordinateTargets } from './host-assembled.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * `A` stored in `format` (`SparseTensor.convert` on the host, uploaded): `A` is a host
 * `SparseTensor` (any backend) or a `TfSparseTensor` on the cpu and wasm backends, whose tensors
 * are host memory. A materialized transpose is
 * `sparseConvert(A.transpose(), 'CSR')` (a CSR matrix's transpose read as CSC, then stored
 * row-major). For a `TfSparseTensor` `A` the values are moved on the backend from `A.values`
 * (repeated coordinates summed), so gradients reach them.
 *
 * @throws SparseFormatError naming `A` or `format`, SparsifyError naming `A` (a `TfSparseTensor`
 *   on a GPU backend).
 */
function sparseConvert_(A: SparseArgument, format: FormatSpec): TfSparseTensor {
  const host = hostOperand('sparseConvert', A, 'A');
  const result = host.convert(format32(format, host.rank));
  if (!(A instanceof TfSparseTensor)) return assembledResult(result);
  return assembledResult(
    result,
    (lookup) => [{ values: A.values, targets: sameCoordinateTargets(lookup, A) }],
    { A },
  );
}

export const sparseConvert = op({ sparseConvert_ });
