/**
 * The frame of a tfjs op test: the backend is set (and must initialise), and the body leaves as
 * many tensors as it found, so a leak on any path fails the test that caused it.
 */
import type * as tfType from '@tensorflow/tfjs-core';
import { expect } from 'vitest';

/** Runs `body` on `backend`, then checks that the tensor count is what it was before. */
export async function expectBalancedOn(
  tf: typeof tfType,
  backend: string,
  body: () => void,
): Promise<void> {
  expect(await tf.setBackend(backend)).toBe(true);
  const before = tf.memory().numTensors;
  body();
  expect(tf.memory().numTensors).toBe(before);
}
