/**
 * The WebGPU suites are only meaningful on a real WebGPU backend: this file fails (never skips)
 * when the page has no WebGPU adapter or tfjs fell back to another backend.
 */
import '@tensorflow/tfjs-backend-webgpu';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(async () => {
  expect(await tf.setBackend('webgpu')).toBe(true);
  await tf.ready();
});

describe('browser backend', () => {
  it('is webgpu with an adapter', async () => {
    expect(tf.getBackend()).toBe('webgpu');
    expect(await navigator.gpu.requestAdapter()).not.toBeNull();
  });

  it('runs a stock tfjs op on the GPU', async () => {
    const a = tf.tensor1d([1, 2, 3, 4]);
    const b = tf.tensor1d([10, 20, 30, 40]);
    const sum = tf.add(a, b);
    expect(Array.from(await sum.data())).toEqual([11, 22, 33, 44]);
    tf.dispose([a, b, sum]);
  });
});
