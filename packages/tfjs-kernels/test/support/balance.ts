/**
 * Leak checks shared by the Node, WebGL and WebGPU suites: each suite says what it counts
 * (tensors; data ids and textures on a GPU backend), these check the counts balance around a
 * call and its error path.
 */
import * as tf from '@tensorflow/tfjs-core';
import { expect } from 'vitest';

/** Runs `fn` and expects `counts()` to read the same after it as before; returns its result. */
export async function expectCountsKept<T>(
  counts: () => unknown,
  fn: () => T | Promise<T>,
): Promise<T> {
  const before = counts();
  const result = await fn();
  expect(counts()).toEqual(before);
  return result;
}

/** Runs `fn` in `tf.tidy`, expects it to throw an Error, and `counts()` to read as before. */
export function expectThrowKeepsCounts(counts: () => unknown, fn: () => unknown): Error {
  const before = counts();
  let caught: unknown;
  try {
    tf.tidy(() => {
      fn();
    });
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(Error);
  expect(counts()).toEqual(before);
  return caught as Error;
}
