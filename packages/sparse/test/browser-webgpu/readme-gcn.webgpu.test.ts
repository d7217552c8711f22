/// <reference types="vite/client" />
/**
 * The README's GCN example (the tfjs section: `D^-1/2 (A + I) D^-1/2` by sparseDiagScale, two
 * GCN layers by spmm, tf.grads with respect to the weights) runs as written on WebGPU in
 * Chromium (SwiftShader), tfjs's CPU forwarding of small inputs off, and prints what its `// ->`
 * comments say: the sparse model and its gradients equal the dense tfjs model's.
 */
import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import README from '../../README.md?raw';
import { WEBGPU } from '../gpu-support/webgpu.js';
import { runGcnExample } from '../tfjs/support/readme-gcn-example.js';

describe('README GCN example on WebGPU', () => {
  it('runs as written and prints what its comments say', async () => {
    expect(await tf.setBackend('webgpu')).toBe(true);
    WEBGPU.prepare?.();
    const reads = WEBGPU.synchronousReads?.();
    const run = await runGcnExample(README, 'webgpu');
    expect(tf.getBackend()).toBe('webgpu');
    expect(run.expected.length).toBeGreaterThan(0);
    expect(run.printed).toEqual(run.expected);
    // Everything stayed on the GPU: no synchronous read of GPU data.
    expect(WEBGPU.synchronousReads?.()).toBe(reads);
  });
});
