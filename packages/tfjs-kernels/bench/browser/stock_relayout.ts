/**
 * The relayout baseline a tfjs user has without this package: the layout's relayout plan
 * (`@tilekit/layout`'s pad → reshape → transpose decomposition) run as stock tfjs ops, one after
 * another. Shared by the WebGL and WebGPU suites.
 */
import * as tf from '@tensorflow/tfjs-core';
import type { RelayoutPlan } from '@tilekit/layout';

/** `input` laid out by `plan` with stock `tf.pad`, `tf.reshape` and `tf.transpose` calls. */
export function stockRelayout(plan: RelayoutPlan, input: tf.Tensor): tf.Tensor {
  return tf.tidy(() =>
    plan.steps.reduce<tf.Tensor>((t, step) => {
      if (step.op === 'transpose') return tf.transpose(t, [...step.perm]);
      if (step.op === 'pad')
        return tf.pad(
          t,
          step.paddings.map(([a, b]) => [a, b] as [number, number]),
        );
      return tf.reshape(t, [...step.shape]);
    }, input),
  );
}
