/** The `sparseAdd` op: the sum of two sparse tensors as a sparse tensor. */
import { op } from '@tensorflow/tfjs-core';
import type { FormatSpec } from '../../sparse-tensor/format.js';
import { format32, TfSparseTensor } from '../sparse-tensor-tf.js';
import {
  assembledResult,
  assembleOnHost,
  elementwiseIndices,
  hostOperand,
  requireMatching,
  sameCoordinateTargets,
} from './host-assembled.js';
import { residentSparse } from './pattern-operands.js';
import type { SparseArgument } from './sparse-argument.js';

/**
 * `C = A + B` for sparse `A` and `B` of one shape and value dtype (any formats): the union of
 * their patterns, in `format` (default `A`'s), assembled on the host by the emitted
 * co-iteration loops and uploaded. Operands are host `SparseTensor`s (any backend) or
 * `TfSparseTensor`s on the cpu and wasm backends, whose tensors are host memory; with a
 * `TfSparseTensor` operand the result's values are summed on the backend from the operands'
 * values tensors, so gradients reach them. Entries that cancel stay stored as zeros.
 *
 * @throws SparseFormatError naming `A` or `B`, SparsifyError naming `B` (shape, dtype) or the
 *   operand that is a `TfSparseTensor` on a GPU backend (on webgpu, `sparseAddAsync`
 *   takes it).
 */
function sparseAdd_(A: SparseArgument, B: SparseArgument, format?: FormatSpec): TfSparseTensor {
  const left = hostOperand('sparseAdd', A, 'A');
  const right = hostOperand('sparseAdd', B, 'B');
  requireMatching(left, right);
  const outputFormat = format === undefined ? left.format : format32(format, left.rank);
  const indices = elementwiseIndices(left.rank);
  const result = assembleOnHost(
    `C(${indices}) = A(${indices}) + B(${indices})`,
    { A: left, B: right },
    outputFormat,
  );
  if (!(A instanceof TfSparseTensor || B instanceof TfSparseTensor)) return assembledResult(result);
  return assembledResult(
    result,
    (lookup) =>
      [residentSparse(A, 'A'), residentSparse(B, 'B')].map((s) => ({
        values: s.values,
        targets: sameCoordinateTargets(lookup, s),
      })),
    { A, B },
  );
}

export const sparseAdd = op({ sparseAdd_ });
