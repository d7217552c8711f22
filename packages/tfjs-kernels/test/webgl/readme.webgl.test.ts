/**
 * The README's WebGL example, as written (served by the readme-example plugin of
 * vitest.browser.config.ts): it switches tfjs to WebGL and relayouts a 2048x2048 normal sample.
 */
import type * as tf from '@tensorflow/tfjs-core';
import { it } from 'vitest';
import { expectReadmeRelayout } from '../support/readme-relayout.js';

it("the README's WebGL example runs on webgl and relayouts every element", async () => {
  const { buffer } = await import('virtual:readme-example/WebGL backend');
  await expectReadmeRelayout(buffer as tf.Tensor, 'webgl');
});
