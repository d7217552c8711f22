/**
 * The README's GCN example (normalized adjacency by sparseDiagScale, two GCN layers by spmm,
 * tf.grads against the dense model) runs as written on the cpu and wasm backends and prints
 * what its `// ->` comments say. test/browser-webgpu/readme-gcn.webgpu.test.ts runs it on WebGPU.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { readFileSync } from 'node:fs';
import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { runGcnExample } from './support/readme-gcn-example.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

describe('README GCN example', () => {
  for (const backend of ['cpu', 'wasm'])
    it(`runs on ${backend} and prints what its comments say`, async () => {
      const run = await runGcnExample(README, backend);
      expect(tf.getBackend()).toBe(backend);
      expect(run.expected.length).toBeGreaterThan(0);
      expect(run.printed).toEqual(run.expected);
    });
});
