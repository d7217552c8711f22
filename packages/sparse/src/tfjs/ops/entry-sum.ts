/**
 * Sums of stored entries into the entries of a sparse result: each contribution's values added
 * at their target positions of the result's values (repeated targets summed), differentiable
 * with respect to every contribution's values. tfjs has no gradient for `tf.scatterND`, so this
 * is a custom gradient: a contribution's gradient is the result's gradient gathered at its
 * targets.
 */
import * as tf from '@tensorflow/tfjs-core';

/** Values and the result position each one is added to. */
export interface EntryContribution {
  readonly values: tf.Tensor1D;
  /** Int32, one per value: its position among the result's stored entries. */
  readonly targets: tf.Tensor1D;
}

/** `out[t] = Σ values[k]` over every contribution's `k` with `targets[k] = t` (`size` entries). */
export function entrySum(
  size: number,
  dtype: 'float32' | 'int32',
  contributions: readonly EntryContribution[],
): tf.Tensor1D {
  const inputs = contributions.flatMap((c) => [c.values, c.targets]);
  const sum = tf.customGrad((...args: (tf.Tensor | tf.GradSaveFunc)[]) => {
    const save = args[args.length - 1] as tf.GradSaveFunc;
    const given = args.slice(0, -1) as tf.Tensor[];
    save(given);
    let value: tf.Tensor = tf.zeros([size], dtype);
    for (let c = 0; c < given.length; c += 2) {
      const values = given[c] as tf.Tensor;
      // A zero-size scatter has nothing to add (and a GPU backend may refuse it).
      if (values.size === 0 || size === 0) continue;
      const targets = tf.reshape(given[c + 1] as tf.Tensor, [values.size, 1]);
      value = tf.add(value, tf.scatterND(targets, values, [size]));
    }
    const gradFunc = (dy: tf.Tensor, saved: tf.Tensor[]): tf.Tensor[] =>
      saved.map((t, k) => {
        if (k % 2 === 1) return tf.zerosLike(t);
        return t.size === 0 ? tf.clone(t) : tf.gather(dy, saved[k + 1] as tf.Tensor);
      });
    return { value: value as tf.Tensor1D, gradFunc };
  });
  return sum(...inputs);
}
