/**
 * A bad call's error, with the check every op's error path owes: no tfjs tensor left behind
 * (`tf.memory().numTensors` balances).
 */
import * as tf from '@tensorflow/tfjs-core';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { expect } from 'vitest';

/** The error `call` throws (`undefined` when it returns), after checking it left no tensor. */
export function thrownLeavingNoTensor(call: () => unknown, what?: string): unknown {
  const before = tf.memory().numTensors;
  const error = thrownBy(call);
  expect(tf.memory().numTensors, what).toBe(before);
  return error;
}
