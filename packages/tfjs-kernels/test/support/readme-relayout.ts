/**
 * What the README's GPU examples promise, checked the same way on WebGL and WebGPU: the example
 * switched tfjs to `backend` and relayouted a 2048x2048 standard normal sample under
 * `{1,0:T(8,128)}`, which tiles it exactly (no padding, every element once).
 */
import type * as tf from '@tensorflow/tfjs-core';
import { getBackend } from '@tensorflow/tfjs-core';
import { expect } from 'vitest';

/** Checks the example's `buffer` (and disposes it). */
export async function expectReadmeRelayout(buffer: tf.Tensor, backend: string): Promise<void> {
  expect(getBackend()).toBe(backend);
  expect(buffer.size).toBe(2048 * 2048);
  expect(buffer.dtype).toBe('float32');
  const values = Array.from(await buffer.data());
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  // A standard normal sample of 4M values: mean and variance within a few standard errors.
  expect(Math.abs(mean)).toBeLessThan(0.01);
  expect(Math.abs(variance - 1)).toBeLessThan(0.01);
  buffer.dispose();
}
