/**
 * How an op's errors say what a caller passed: a tfjs tensor by its dtype and shape (what a
 * caller needs to see to fix the call), anything else as every tilekit package describes it.
 */
import { Tensor } from '@tensorflow/tfjs-core';
import { describeValue as describeAnyValue } from '@tilekit/errors';

/**
 * A short description of any value for an op's error message: `a dense tf.Tensor (float32,
 * shape [2, 3])` for a live or disposed tensor, else `@tilekit/errors`' `describeValue` (`null`,
 * `an array of length 3`, `5`, `'x'`, `a Float32Array`, `an object` ...). It never throws.
 */
export function describeValue(value: unknown): string {
  if (!(value instanceof Tensor)) return describeAnyValue(value);
  const { dtype, shape } = value;
  return `a dense tf.Tensor (${dtype}, shape [${shape.join(', ')}])`;
}
