/**
 * The WebGL suites are only meaningful on a real WebGL2 backend: this file fails (never skips)
 * when the page fell back to another backend or to WebGL1.
 */
import '@tensorflow/tfjs-backend-webgl';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';

beforeAll(async () => {
  expect(await tf.setBackend('webgl')).toBe(true);
  await tf.ready();
});

describe('browser backend', () => {
  it('is webgl on WebGL2 with renderable float32 textures', () => {
    expect(tf.getBackend()).toBe('webgl');
    expect(tf.env().getNumber('WEBGL_VERSION')).toBe(2);
    expect(tf.env().getBool('WEBGL_RENDER_FLOAT32_ENABLED')).toBe(true);
  });

  it('runs a stock tfjs op on the GPU', async () => {
    const a = tf.tensor2d([1, 2, 3, 4, 5, 6], [2, 3]);
    const b = tf.tensor2d([7, 8, 9, 10, 11, 12], [3, 2]);
    const product = tf.matMul(a, b);
    // Hand-computed: [[1*7+2*9+3*11, 1*8+2*10+3*12], [4*7+5*9+6*11, 4*8+5*10+6*12]].
    expect(Array.from(await product.data())).toEqual([58, 64, 139, 154]);
    tf.dispose([a, b, product]);
  });
});
