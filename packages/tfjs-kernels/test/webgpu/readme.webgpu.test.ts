/**
 * The README's WebGPU example, as written (served by the readme-example plugin of
 * vitest.webgpu.config.ts): it switches tfjs to WebGPU and relayouts a 2048x2048 normal sample.
 */
import type * as tf from '@tensorflow/tfjs-core';
import { it } from 'vitest';
import { expectReadmeRelayout } from '../support/readme-relayout.js';

it("the README's WebGPU example runs on webgpu and relayouts every element", async () => {
  const { buffer } = await import('virtual:readme-example/WebGPU backend');
  await expectReadmeRelayout(buffer as tf.Tensor, 'webgpu');
});
