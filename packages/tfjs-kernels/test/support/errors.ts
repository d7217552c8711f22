/**
 * Error-path helper that sees leaks inside an op: unlike `expectThrowsWithoutLeak`, it does not
 * wrap the call in `tf.tidy` (which would dispose whatever the op left behind), so the inputs
 * must be made by the caller beforehand.
 */
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { expect } from 'vitest';
import { tf } from './tf.js';

/** Calls `fn`, expects it to throw an instance of `type`, and expects no new live tensor. */
export function expectOpError<E extends Error>(
  fn: () => unknown,
  type: abstract new (...args: never[]) => E,
): E {
  const before = tf.memory().numTensors;
  const caught = thrownBy(fn);
  expect(caught).toBeInstanceOf(type);
  expect(tf.memory().numTensors).toBe(before);
  return caught as E;
}
