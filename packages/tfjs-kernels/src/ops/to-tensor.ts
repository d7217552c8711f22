/**
 * Argument conversion shared by the ops, in the manner of tfjs-core's `convertToTensor` (which
 * tfjs does not export): tensors pass through, tensor-likes become tensors inside the op's scope.
 */
import { type DataType, Tensor, type TensorLike, tensor } from '@tensorflow/tfjs-core';
import { KernelArgumentError } from '../errors.js';

/**
 * Returns `x` as a tensor.
 *
 * @param x A tensor or nested array / typed array.
 * @param argument Argument name, for errors.
 * @param op Public op name, for errors.
 * @param dtype Dtype to give a converted tensor-like (tensors keep theirs).
 * @throws KernelArgumentError when `x` is neither a tensor nor tensor-like, or is a disposed tensor.
 */
export function toTensor(
  x: Tensor | TensorLike,
  argument: string,
  op: string,
  dtype?: DataType,
): Tensor {
  if (x instanceof Tensor) {
    // tfjs would fail later without naming the argument (or with "Tensor is disposed.").
    if (x.isDisposed) {
      throw new KernelArgumentError(
        op,
        argument,
        'is a disposed tensor (tf.dispose or tf.tidy released it before this call), so it cannot be read',
      );
    }
    return x;
  }
  const isTensorLike =
    typeof x === 'number' || typeof x === 'boolean' || Array.isArray(x) || ArrayBuffer.isView(x);
  if (!isTensorLike) {
    throw new KernelArgumentError(
      op,
      argument,
      `must be a Tensor or TensorLike, got ${x === null ? 'null' : typeof x}`,
    );
  }
  return tensor(x, undefined, dtype);
}

/**
 * Throws unless `t.dtype` is one of `allowed`.
 *
 * @param op Public op name, for errors.
 * @param argument Argument name, for errors.
 */
export function assertDtype(
  op: string,
  argument: string,
  t: Tensor,
  allowed: readonly DataType[],
): void {
  if (!allowed.includes(t.dtype)) {
    throw new KernelArgumentError(
      op,
      argument,
      `must have dtype ${allowed.join(' or ')}, got ${t.dtype}`,
    );
  }
}
