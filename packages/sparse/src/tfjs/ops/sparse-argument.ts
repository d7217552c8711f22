/** The check every ready-made op makes of its sparse argument. */
import * as tf from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { SparseFormatError } from '../../sparse-tensor/errors.js';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { isTfSparseTensor } from '../device-sparse.js';
import type { TfSparseTensor } from '../sparse-tensor-tf.js';

/** A sparse argument: on the backend, or a host SparseTensor (uploaded for the call). */
export type SparseArgument = TfSparseTensor | SparseTensor;

/** An operand of a sparse op: a dense tensor, a sparse tensor (on the backend or host) or a number. */
export type SparseOperand = tf.Tensor | TfSparseTensor | SparseTensor | number;

/**
 * Checks at runtime that `s` is a sparse tensor of rank `rank` (JS callers can pass anything).
 * A `TfSparseTensor` is recognised through the hook its class registers, not by importing the
 * class: the class holds every constructor (and `toDense`), which an op does not need.
 */
export function requireSparse(
  s: unknown,
  rank: number,
  argument: string,
  acceptsBlocks = false,
): asserts s is SparseArgument {
  if (!(isTfSparseTensor(s) || s instanceof SparseTensor)) {
    const format = rank === 1 ? 'sparse-vector' : 'CSR';
    const convert =
      s instanceof tf.Tensor
        ? `; convert it with TfSparseTensor.fromDense(${argument}, '${format}')`
        : '';
    throw new SparseFormatError(
      argument,
      `expected a rank-${rank} sparse tensor, got ${describeValue(s)}${convert}`,
    );
  }
  if (s.rank !== rank)
    throw new SparseFormatError(
      argument,
      `expected a rank-${rank} sparse tensor, got rank ${s.rank}`,
    );
  // Ops other than the products walk one level per dimension; a block format's levels are split.
  if (!acceptsBlocks && s.format.expressions !== undefined)
    throw new SparseFormatError(
      argument,
      `a block or structured format (levels 'd floordiv k', 'd mod k') is taken by spmm and spmv; use ${argument}.convert('CSR'), or sparseOp over ${argument}.toLevelTensor()`,
    );
}
