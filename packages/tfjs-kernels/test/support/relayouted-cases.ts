/**
 * Properties over random relayout cases (./layout-arbitraries.ts) that start from `relayout`'s
 * buffer: the case's tensor is relayouted, the check runs, and every tensor is disposed with
 * the tensor count back where it was.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import { relayout } from '../../src/index.js';
import { layoutsAccepted, type RelayoutCase, relayoutCase } from './layout-arbitraries.js';
import { tf } from './tf.js';

/**
 * A property over the random cases whose layouts `@tilekit/layout` accepts: `check` gets the
 * case, its input tensor and `relayout`'s buffer of it (its first layout and pad value), and
 * returns the tensors it made.
 */
export function relayoutedCaseProperty(
  check: (c: RelayoutCase, x: tf.Tensor, buffer: tf.Tensor) => tf.Tensor[],
) {
  return fc.property(relayoutCase, (c) => {
    fc.pre(layoutsAccepted(c));
    const before = tf.memory().numTensors;
    const x = tf.tensor(c.values, c.dims, c.dtype);
    const buffer = relayout(x, c.layout, { padValue: c.padValue });
    tf.dispose([x, buffer, ...check(c, x, buffer)]);
    expect(tf.memory().numTensors).toBe(before);
  });
}
