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
import {
  describeEmptyCase,
  emptyGradientCases,
  emptyGradients,
} from './support/empty-gradients.js';

tf.env().set('IS_TEST', true);

describe.each(['cpu', 'wasm'])('gradients with respect to empty operands on %s', (backend) => {
  it('the reported cases: spmv with A of shape [5, 0] and [3, 0], a length-0 sparseDot', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    for (const c of [
      { op: 'spmv', format: 'CSR', m: 5, n: 0, k: 1, filled: false },
      { op: 'spmv', format: 'CSR', m: 3, n: 0, k: 1, filled: false },
      { op: 'sparseDot', format: 'sparse-vector', m: 1, n: 0, k: 1, filled: false },
    ] as const) {
      const before = tf.memory().numTensors;
      const g = await emptyGradients(tf, c);
      expect(g.shapes, describeEmptyCase(c)).toEqual(g.inputShapes);
      expect(g.values.flat().every((v) => v === 0)).toBe(true);
      expect(tf.memory().numTensors).toBe(before);
    }
  });

  it("200 random cases: zero gradients of the inputs' shapes, no tensor left", async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    for (const c of emptyGradientCases(200, 11)) {
      const before = tf.memory().numTensors;
      const g = await emptyGradients(tf, c);
      expect(g.shapes, describeEmptyCase(c)).toEqual(g.inputShapes);
      expect(
        g.values.flat().every((v) => v === 0),
        describeEmptyCase(c),
      ).toBe(true);
      expect(tf.memory().numTensors, describeEmptyCase(c)).toBe(before);
    }
  });
});
