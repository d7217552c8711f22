/**
 * Gradients with respect to an empty operand (an extent of 0, or no stored entry) on the cpu
 * and wasm backends: 200 seeded cases over spmv, spmm, sddmm and sparseDot in every format,
 * each gradient zero with its input's shape, no tensor left behind, both backends alike.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { describe, expect, it } from 'vitest';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { emptyGradientCases, expectZeroGradients } from './support/empty-gradients.js';

tf.env().set('IS_TEST', true);

describe.each(['cpu', 'wasm'])('gradients with respect to empty operands on %s', (backend) => {
  it('the reported cases: spmv with A of shape [5, 0] and [3, 0], a length-0 sparseDot', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    for (const c of [
      { op: 'spmv', format: 'CSR', m: 5, n: 0, k: 1, filled: false },
      { op: 'spmv', format: 'CSR', m: 3, n: 0, k: 1, filled: false },
      { op: 'sparseDot', format: 'sparse-vector', m: 1, n: 0, k: 1, filled: false },
    ] as const) {
      await expectZeroGradients(tf, c);
    }
  });

  it("200 random cases: zero gradients of the inputs' shapes, no tensor left", async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    for (const c of emptyGradientCases(200, 11)) await expectZeroGradients(tf, c);
  });
});
