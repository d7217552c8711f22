import * as tf from '@tensorflow/tfjs-core';

/** What a value is, for error messages. */
export function describeValue(value: unknown): string {
  if (value instanceof tf.Tensor)
    return `a dense tf.Tensor (${value.dtype}, shape [${value.shape.join(', ')}])`;
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'a plain object' : `a ${typeof value}`;
}
