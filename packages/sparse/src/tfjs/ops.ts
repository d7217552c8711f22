/**
 * Ready-made sparse ops over {@link SparseTensor}s: `spmv`, `spmm`, `sddmm`, `sparseDot`.
 * Each compiles (once per format and options) a vectorized kernel on the wasm engine.
 */
import * as tf from '@tensorflow/tfjs-core';
import { SparseFormatError } from '../sparse-tensor/errors.js';
import type { FormatSpec } from '../sparse-tensor/format.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { type SparseOpOptions, sparseOp } from './sparse-op.js';

/** Defaults of the ready-made ops: vectorized (vl 8, 32-bit SIMD indices) on wasm. */
export const DEFAULT_OP_OPTIONS: SparseOpOptions = Object.freeze({
  engine: 'wasm',
  vectorLength: 8,
  enableSIMDIndex32: true,
});

/** The format spec of an existing sparse tensor (levels, order and widths). */
function formatOf(s: SparseTensor): FormatSpec {
  const { levels, order, posWidth, crdWidth } = s.format;
  return { levels, order, posWidth, crdWidth };
}

function optionsFor(s: SparseTensor, argument: string, options: SparseOpOptions): SparseOpOptions {
  if (s.dtype === 'float64')
    throw new SparseFormatError(argument, 'tfjs ops need float32 or int32 values, got float64');
  return { ...DEFAULT_OP_OPTIONS, ...options, valueType: s.dtype === 'int32' ? 'i32' : 'f32' };
}

/** What a non-SparseTensor argument is, for error messages. */
function describeValue(value: unknown): string {
  if (value instanceof tf.Tensor)
    return `a dense tf.Tensor (${value.dtype}, shape [${value.shape.join(', ')}])`;
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a plain object' : `a ${typeof value}`;
}

/** Checks the sparse argument at runtime: JS callers (and casts) can pass anything. */
function requireRank(s: unknown, rank: number, argument: string): asserts s is SparseTensor {
  if (!(s instanceof SparseTensor)) {
    const format = rank === 1 ? 'sparse-vector' : 'CSR';
    const convert =
      s instanceof tf.Tensor
        ? `; convert it with sparseTensorFromTensor(${argument}, '${format}')`
        : '';
    throw new SparseFormatError(
      argument,
      `expected a rank-${rank} SparseTensor, got ${describeValue(s)}${convert}`,
    );
  }
  if (s.rank !== rank)
    throw new SparseFormatError(
      argument,
      `expected a rank-${rank} SparseTensor, got rank ${s.rank}`,
    );
}

/** Sparse matrix x dense vector: `y(i) = A(i,j) * x(j)`. */
export function spmv(A: SparseTensor, x: tf.Tensor, options: SparseOpOptions = {}): tf.Tensor {
  requireRank(A, 2, 'A');
  return sparseOp('y(i) = A(i,j) * x(j)', { A: formatOf(A) }, optionsFor(A, 'A', options))(A, x);
}

/** Sparse matrix x dense matrix: `C(i,k) = A(i,j) * B(j,k)`. */
export function spmm(A: SparseTensor, B: tf.Tensor, options: SparseOpOptions = {}): tf.Tensor {
  requireRank(A, 2, 'A');
  return sparseOp(
    'C(i,k) = A(i,j) * B(j,k)',
    { A: formatOf(A) },
    optionsFor(A, 'A', options),
  )(A, B);
}

/** Sampled dense-dense matrix product: `X(i,j) = S(i,j) * (A(i,k) * B(k,j))` (dense result). */
export function sddmm(
  S: SparseTensor,
  A: tf.Tensor,
  B: tf.Tensor,
  options: SparseOpOptions = {},
): tf.Tensor {
  requireRank(S, 2, 'S');
  return sparseOp(
    'X(i,j) = S(i,j) * (A(i,k) * B(k,j))',
    { S: formatOf(S) },
    optionsFor(S, 'S', options),
  )(S, A, B);
}

/** Dot product of a sparse vector with a dense or sparse vector: `x = a(i) * b(i)` (a scalar). */
export function sparseDot(
  a: SparseTensor,
  b: tf.Tensor | SparseTensor,
  options: SparseOpOptions = {},
): tf.Tensor {
  requireRank(a, 1, 'a');
  const formats: Record<string, FormatSpec> = { a: formatOf(a) };
  if (b instanceof SparseTensor) {
    requireRank(b, 1, 'b');
    formats.b = formatOf(b);
  }
  return sparseOp('x = a(i) * b(i)', formats, optionsFor(a, 'a', options))(a, b);
}
