/**
 * tf's stock composition of a relayout: the layout's pad → reshape → transpose plan applied
 * with tf.pad / tf.reshape / tf.transpose, the baseline the Kernels panel times against.
 */

import * as tf from '@tensorflow/tfjs-core';
import { relayoutPlan } from '@tilekit/layout';

/** The physical buffer of `x` under `shapeText`, built from stock ops only. */
export function stockRelayout(x: tf.Tensor, shapeText: string): tf.Tensor1D {
  const plan = relayoutPlan(shapeText);
  return tf.tidy(() => {
    let t: tf.Tensor = x;
    for (const step of plan.steps) {
      if (step.op === 'pad')
        t = tf.pad(
          t,
          step.paddings.map(([a, b]) => [a, b] as [number, number]),
        );
      else if (step.op === 'reshape') t = tf.reshape(t, [...step.shape]);
      else t = tf.transpose(t, [...step.perm]);
    }
    const flat = tf.reshape(t, [-1]) as tf.Tensor1D;
    // `L(n)` rounds the buffer up past the last tile: stock ops pad the tail.
    const tail = plan.physicalElementCount - flat.size;
    return tail > 0 ? tf.pad(flat, [[0, tail]]) : flat;
  });
}
