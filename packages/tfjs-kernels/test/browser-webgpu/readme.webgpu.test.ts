/**
 * The README's WebGPU example, as written (served by the readme-example plugin of
 * vitest.webgpu.config.ts): it switches tfjs to WebGPU and relayouts a 2048x2048 normal sample.
 */
import * as tf from '@tensorflow/tfjs-core';
import { expect, it } from 'vitest';

it("the README's WebGPU example runs on webgpu and relayouts every element", async () => {
  const buffer = (await import('virtual:readme-example/WebGPU backend')).buffer as tf.Tensor;
  expect(tf.getBackend()).toBe('webgpu');
  // {1,0:T(8,128)} tiles 2048x2048 exactly: no padding, every element once.
  expect(buffer.size).toBe(2048 * 2048);
  expect(buffer.dtype).toBe('float32');
  const values = Array.from(await buffer.data());
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const variance = values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length;
  // A standard normal sample of 4M values: mean and variance within a few standard errors.
  expect(Math.abs(mean)).toBeLessThan(0.01);
  expect(Math.abs(variance - 1)).toBeLessThan(0.01);
  buffer.dispose();
});
