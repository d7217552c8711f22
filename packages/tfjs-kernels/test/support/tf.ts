/**
 * One tfjs-core for tests and package: both import the bare `@tensorflow/tfjs-core` specifier,
 * which Node resolves to the same CommonJS build (the package has no `exports` map), so there is
 * a single engine and kernel registry.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { expect } from 'vitest';
import '../../src/register-cpu.js';
import { expectThrowKeepsCounts } from './balance.js';

// Quiets tfjs's one-time "install tfjs-node" console banner; changes nothing for the CPU backend.
tf.env().set('IS_TEST', true);
await tf.setBackend('cpu');

export { tf };

/** Runs `fn` (which must dispose what it keeps) and asserts no tensor outlives it. */
export function expectNoLeak(fn: () => void): void {
  const before = tf.memory().numTensors;
  fn();
  expect(tf.memory().numTensors).toBe(before);
}

/** Runs `fn`, expects it to throw, and asserts no tensor leaked on the error path. */
export function expectThrowsWithoutLeak(fn: () => unknown): Error {
  return expectThrowKeepsCounts(() => tf.memory().numTensors, fn);
}

/** The raw bit patterns of float32 values, for bit-exact comparison. */
export function float32Bits(values: ArrayLike<number>): Uint32Array {
  return new Uint32Array(Float32Array.from(values).buffer);
}
