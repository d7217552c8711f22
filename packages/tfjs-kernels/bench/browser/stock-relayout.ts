/**
 * The relayout baselines a tfjs user has without this package: a layout's relayout plan
 * (`@tilekit/layout`'s pad → reshape → transpose decomposition) run as stock tfjs ops, one
 * after another, and its inverse (transpose back → reshape → slice off the padding). Shared by
 * the WebGL and WebGPU suites.
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

/** The logical tensor of a physical buffer laid out by `plan`, with stock ops (plan undone). */
export function stockUnrelayout(plan: RelayoutPlan, buffer: tf.Tensor): tf.Tensor {
  return tf.tidy(() => {
    // The shape before each step, to undo reshapes and pads.
    const shapes: number[][] = [[...plan.logicalShape]];
    for (const step of plan.steps) {
      const current = shapes.at(-1)!;
      if (step.op === 'transpose') shapes.push(step.perm.map((axis) => current[axis]!));
      else if (step.op === 'pad')
        shapes.push(current.map((n, d) => n + step.paddings[d]![0] + step.paddings[d]![1]));
      else shapes.push([...step.shape]);
    }
    let t = tf.reshape(buffer, shapes.at(-1)!);
    for (let s = plan.steps.length - 1; s >= 0; s--) {
      const step = plan.steps[s]!;
      const before = shapes[s]!;
      if (step.op === 'transpose') {
        const inverse = new Array<number>(step.perm.length);
        step.perm.forEach((axis, d) => {
          inverse[axis] = d;
        });
        t = tf.transpose(t, inverse);
      } else if (step.op === 'pad') {
        t = tf.slice(
          t,
          step.paddings.map(([a]) => a),
          before,
        );
      } else {
        t = tf.reshape(t, before);
      }
    }
    return t;
  });
}
