/**
 * Shared setup of the WebGL suites: the page must really be on WebGL2 with float32 render
 * targets (assert, never skip), and small inputs are kept on the GPU path unless a test turns
 * tfjs's CPU forwarding back on.
 */
import { afterEach, beforeAll, expect } from 'vitest';
import { tf, useBackend } from './backends.js';

/** Registers hooks that put the suite on WebGL2 and restore the flags tests change. */
export function onWebgl2(): void {
  beforeAll(async () => {
    await useBackend('webgl');
    expect(tf.getBackend()).toBe('webgl');
    expect(tf.env().getNumber('WEBGL_VERSION')).toBe(2);
    expect(tf.env().getBool('WEBGL_RENDER_FLOAT32_ENABLED')).toBe(true);
  });
  beforeAll(() => {
    // Exercise the shaders even for tiny tiles; tests of the CPU route turn this back on.
    tf.env().set('WEBGL_CPU_FORWARD', false);
  });
  afterEach(async () => {
    tf.env().set('WEBGL_CPU_FORWARD', false);
    tf.env().set('WEBGL_RENDER_FLOAT32_ENABLED', true);
    await useBackend('webgl');
  });
}
