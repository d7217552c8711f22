/**
 * Dense arguments of the ready-made ops: a tf.Tensor, or what every tfjs op also accepts in its
 * place (`TensorLike`: a number, a nested array of numbers, a typed array), converted to a
 * tensor of the sparse operand's dtype as tfjs's own ops do.
 */
import * as tf from '@tensorflow/tfjs-core';
import { describeValue } from '@tilekit/tfjs-backend-support';
import { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import { SparsifyError } from '../../sparsify/index.js';
import { isTfSparseTensor, type TfSparseDType } from '../device-sparse.js';
import { tensorOf } from '../direct-kernels.js';
import type { SparseArgument } from './sparse-argument.js';

/** A dense argument: a tensor, or numbers tfjs converts to one (`TensorLike`). */
export type DenseArgument = tf.Tensor | tf.TensorLike;

/** Numbers a nested array may hold before conversion is refused (2 GiB of boxed numbers). */
const MAX_DENSE_ELEMENTS = 2 ** 28;

/** Nested arrays of numbers this deep at most (tfjs tensors have at most rank 6 in practice). */
const MAX_NESTING = 8;

/**
 * The shape of `value` if it is a rectangular nested array of numbers (or a typed array at the
 * innermost level), its numbers appended to `out` in row-major order; a description of what is
 * wrong otherwise.
 */
function shapeOfNumbers(value: unknown, depth: number, out: number[]): number[] | string {
  if (typeof value === 'number') {
    out.push(value);
    return [];
  }
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    if (value instanceof BigInt64Array || value instanceof BigUint64Array)
      return 'a BigInt typed array';
    for (const v of value as Uint8Array) out.push(v);
    return [(value as Uint8Array).length];
  }
  if (!Array.isArray(value)) return describeValue(value);
  if (depth >= MAX_NESTING) return `arrays nested deeper than ${MAX_NESTING}`;
  // Checked before the walk: holes count as elements, and 2^32 - 1 of them take minutes.
  if (out.length + value.length > MAX_DENSE_ELEMENTS)
    return `a nested array of more than ${MAX_DENSE_ELEMENTS} numbers (pass a tf.Tensor)`;
  let inner: number[] | undefined;
  for (let k = 0; k < value.length; k++) {
    const shape = shapeOfNumbers(value[k], depth + 1, out);
    if (typeof shape === 'string') return `${shape} at [${k}]`;
    if (inner === undefined) inner = shape;
    else if (shape.length !== inner.length || shape.some((d, i) => d !== inner?.[i]))
      return `a ragged array (element [${k}] has shape [${shape.join(', ')}], element [0] [${inner.join(', ')}])`;
  }
  return [value.length, ...(inner ?? [])];
}

/**
 * `x` as a tensor: a tf.Tensor as it is (the kernel checks its dtype), numbers as a new tensor of
 * `dtype` (the sparse operand's, as tfjs converts an op's array arguments to its other operand's
 * dtype). Call inside `op()`, whose scope frees the new tensor with the op's other temporaries.
 *
 * @throws SparsifyError naming `argument` for anything else (strings, booleans, ragged arrays,
 *   non-integers where `dtype` is int32).
 */
export function denseTensor(x: unknown, argument: string, dtype: TfSparseDType): tf.Tensor {
  if (x instanceof tf.Tensor) return x;
  if (isTfSparseTensor(x) || x instanceof SparseTensor)
    throw new SparsifyError(
      argument,
      'expected a dense tensor, got a sparse tensor; densify it with sparseToDense (or .toDense() of a TfSparseTensor)',
    );
  const values: number[] = [];
  const shape = shapeOfNumbers(x, 0, values);
  if (typeof shape === 'string')
    throw new SparsifyError(
      argument,
      `expected a dense tf.Tensor or numbers (a number, a nested array, a typed array), got ${shape}`,
    );
  if (dtype === 'int32') {
    const k = values.findIndex((v) => !Number.isInteger(v));
    if (k >= 0)
      throw new SparsifyError(
        argument,
        `the sparse operand holds int32 values, so its numbers must be integers; element ${k} is ${values[k]}`,
      );
  }
  return tensorOf((dtype === 'int32' ? Int32Array : Float32Array).from(values), dtype, shape);
}

/** The dtype a sparse argument's dense partners are converted to (float32 unless it holds int32). */
export function partnerDtype(s: SparseArgument): TfSparseDType {
  return s.dtype === 'int32' ? 'int32' : 'float32';
}
