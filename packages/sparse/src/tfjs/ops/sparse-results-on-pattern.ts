/**
 * The synchronous, differentiable forms of the ops whose sparse result's pattern depends on the
 * operands' patterns, given that pattern (a result of the `…Async` op, or of the op itself, on
 * operands with the same patterns): on webgpu and WebGL2 the values are computed on the device by
 * the assembly's numeric pass on the given pattern (see pattern-values.ts), so a gradient tape
 * records them; elsewhere the synchronous op runs and its pattern is checked against the given
 * one. A training loop whose sparse operands keep their patterns assembles the result's pattern
 * once (`await sparseMatMulAsync(A, B)`) and differentiates these ops on every step.
 */
import * as tf from '@tensorflow/tfjs-core';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/index.js';
import type { AssemblyCombine } from '../assembly-walk.js';
import { guardedValues } from '../gradients/pattern-guard.js';
import { TfSparseTensor } from '../sparse-tensor-tf.js';
import { deviceAssemblyBackend, isRowMajor } from './device-assembled.js';
import { requireMatching } from './host-assembled.js';
import { checkSparse } from './pattern-operands.js';
import { valuesOnPattern } from './pattern-values.js';
import { sparseAdd } from './sparse-add.js';
import type { SparseArgument } from './sparse-argument.js';
import { productShape, sparseMatMul } from './sparse-mat-mul.js';
import { sparseMul } from './sparse-mul.js';

/** The op each combine's pattern comes from (named in errors). */
const OP_NAMES: Readonly<Record<AssemblyCombine, string>> = {
  product: 'sparseMatMul',
  union: 'sparseAdd',
  intersection: 'sparseMul',
};

/**
 * Checks that `pattern` is a live sparse tensor of the result's `shape`.
 *
 * @throws SparsifyError naming `pattern`.
 */
function checkPattern(
  pattern: unknown,
  shape: readonly number[],
  combine: AssemblyCombine,
): { pattern: TfSparseTensor; made: string } {
  const made = `the result of ${OP_NAMES[combine]}Async(A, B) (or ${OP_NAMES[combine]}) on operands with these patterns`;
  if (!(pattern instanceof TfSparseTensor) || pattern.isDisposed)
    throw new SparsifyError('pattern', `expected a live TfSparseTensor: ${made}`);
  if (pattern.rank !== shape.length || pattern.shape.some((d, k) => d !== shape[k]))
    throw new SparsifyError(
      'pattern',
      `expected the result's shape [${shape.join(', ')}], got [${pattern.shape.join(', ')}]: ${made}`,
    );
  return { pattern, made };
}

/** Whether two sparse tensors store the same coordinates in the same format (host memory). */
function samePattern(x: TfSparseTensor, y: TfSparseTensor): boolean {
  const same = (s: tf.Tensor1D | undefined, t: tf.Tensor1D | undefined) => {
    if (s === undefined || t === undefined) return s === t;
    if (s.size !== t.size) return false;
    const [u, v] = [s.dataSync(), t.dataSync()];
    return u.every((e, k) => e === v[k]);
  };
  return (
    x.format.levels.join() === y.format.levels.join() &&
    x.format.order.join() === y.format.order.join() &&
    x.positions.every((t, l) => same(t, y.positions[l])) &&
    x.coordinates.every((t, l) => same(t, y.coordinates[l]))
  );
}

/** `combine` of `A` and `B` (checked) on `pattern`, by the backend's route. */
function onPattern(
  combine: AssemblyCombine,
  A: SparseArgument,
  B: SparseArgument,
  given: unknown,
  shape: readonly number[],
  run: (format: TfSparseTensor['format']) => TfSparseTensor,
): TfSparseTensor {
  const { pattern, made } = checkPattern(given, shape, combine);
  if (deviceAssemblyBackend()) {
    if (!isRowMajor(pattern.format, pattern.rank))
      throw new SparsifyError(
        'pattern',
        `a CSR matrix or a sparse vector (what the device assembly writes), got levels [${pattern.format.levels.join(', ')}]: ${made}`,
      );
    const values = valuesOnPattern(combine, A, B, pattern);
    return pattern.withValues(guardedValues(values, { A, B }));
  }
  const result = run(pattern.format);
  if (!samePattern(result, pattern)) {
    result.dispose();
    throw new SparsifyError('pattern', `expected the result's pattern: ${made}`);
  }
  return result;
}

/**
 * {@link sparseMatMul} (`C = A B` of sparse matrices) on a known result pattern, synchronously
 * and differentiably on every backend: `pattern` is the result of `sparseMatMulAsync(A, B)` (or
 * `sparseMatMul`) on operands with these patterns, e.g. assembled once before a training loop
 * whose steps change only the values. On webgpu and WebGL2 the values are the device
 * assembly's numeric pass on `pattern` (the `…Async` op's values, bit for bit; no read-back);
 * elsewhere `sparseMatMul` runs and its pattern must be `pattern`'s. Gradients reach `A`'s and
 * `B`'s values (through `withValues`): `dA` is `dC Bᵀ` sampled at `A`'s entries, `dB` is
 * `Aᵀ dC` at `B`'s; with respect to positions or coordinates a `SparseGradientError` names the
 * operand.
 *
 * @param A A sparse matrix (`TfSparseTensor`, or a host `SparseTensor` uploaded for the call).
 * @param B A sparse matrix of `A`'s value dtype with `A`'s column count as rows.
 * @param pattern The result's pattern (its values are not read).
 * @returns A new `TfSparseTensor` with `pattern`'s pattern (shared through `tf.clone`).
 * @throws SparseFormatError naming `A` or `B`; SparsifyError naming `B` (extents, dtype) or
 *   `pattern` (not a live sparse tensor of the result's shape; on the GPU not CSR; elsewhere not
 *   the result's pattern). On the GPU a pattern of the right shape that is another result's gives
 *   wrong values, never a read outside an operand.
 */
function sparseMatMulOnPattern_(
  A: SparseArgument,
  B: SparseArgument,
  pattern: TfSparseTensor,
): TfSparseTensor {
  checkSparse(A, 'A', 2);
  checkSparse(B, 'B', 2);
  const shape = productShape(A, B);
  return onPattern('product', A, B, pattern, shape, (format) => sparseMatMul(A, B, format));
}

/**
 * {@link sparseAdd} (`C = A + B`, the union of the patterns) on a known result pattern,
 * synchronously and differentiably on every backend (see {@link sparseMatMulOnPattern}):
 * `pattern` is the result of `sparseAddAsync(A, B)` (or `sparseAdd`) on operands with these
 * patterns. Each operand entry's gradient is the result's gradient at its coordinates.
 *
 * @param A A sparse tensor (matrices and sparse vectors on the GPU).
 * @param B A sparse tensor of `A`'s shape and value dtype.
 * @param pattern The result's pattern (its values are not read).
 * @returns A new `TfSparseTensor` with `pattern`'s pattern.
 * @throws SparseFormatError naming `A` or `B`; SparsifyError naming `B` (shape, dtype) or
 *   `pattern` (as {@link sparseMatMulOnPattern}).
 */
function sparseAddOnPattern_(
  A: SparseArgument,
  B: SparseArgument,
  pattern: TfSparseTensor,
): TfSparseTensor {
  checkSparse(A, 'A');
  checkSparse(B, 'B');
  requireMatching(A, B);
  return onPattern('union', A, B, pattern, A.shape, (format) => sparseAdd(A, B, format));
}

/**
 * {@link sparseMul} of two sparse tensors (the intersection of the patterns) on a known result
 * pattern, synchronously and differentiably on every backend (see
 * {@link sparseMatMulOnPattern}): `pattern` is the result of `sparseMulAsync(A, B)` (or
 * `sparseMul`) on operands with these patterns. An entry's gradient is the result's gradient at
 * its coordinates times the other operand there.
 *
 * @param A A sparse tensor (matrices and sparse vectors on the GPU).
 * @param B A sparse tensor of `A`'s shape and value dtype (a dense `B` keeps `A`'s pattern:
 *   `sparseMul` needs none).
 * @param pattern The result's pattern (its values are not read).
 * @returns A new `TfSparseTensor` with `pattern`'s pattern.
 * @throws SparseFormatError naming `A`; SparsifyError naming `B` (not sparse, shape, dtype) or
 *   `pattern` (as {@link sparseMatMulOnPattern}).
 */
function sparseMulOnPattern_(
  A: SparseArgument,
  B: SparseArgument,
  pattern: TfSparseTensor,
): TfSparseTensor {
  checkSparse(A, 'A');
  if (!(B instanceof TfSparseTensor || B instanceof SparseTensor))
    throw new SparsifyError(
      'B',
      'expected a sparse tensor (with a dense B, sparseMul keeps A’s pattern and needs none)',
    );
  checkSparse(B, 'B');
  requireMatching(A, B);
  // (The result is in A's format: a pattern in another format is not the result's.)
  return onPattern('intersection', A, B, pattern, A.shape, () => sparseMul(A, B));
}

export const sparseMatMulOnPattern = tf.op({ sparseMatMulOnPattern_ });
export const sparseAddOnPattern = tf.op({ sparseAddOnPattern_ });
export const sparseMulOnPattern = tf.op({ sparseMulOnPattern_ });
