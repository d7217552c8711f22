/**
 * `tfjsSparseConformanceImpl`: the sparse conformance suite through the tfjs sparse ops on the
 * cpu and wasm backends (the GPU backends run it in test/gpu-support/sparse-suite.ts), with the
 * exclusions failing as documented; compound assignments and f64 handled as the impl says.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { referenceIndexNotation } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparsifyError } from '../../src/index.js';
import { tfjsSparseConformanceImpl } from '../../src/tfjs/index.js';
import { randomDense } from '../sparsify/fixtures.js';
import { expectTfjsConformance } from './support/tfjs-conformance.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';

tf.env().set('IS_TEST', true);

describe.each(['cpu', 'wasm'] as const)(
  'the sparse suite through the tfjs ops on %s',
  (backend) => {
    it('passes every case but the exclusions, which fail as documented', async () => {
      expect(await tf.setBackend(backend)).toBe(true);
      await expectTfjsConformance();
    });

    it("'+=' starts from the given output, with the sums kept inside the right-hand side", async () => {
      expect(await tf.setBackend(backend)).toBe(true);
      const impl = tfjsSparseConformanceImpl();
      for (let seed = 0; seed < 20; seed++) {
        const [m, n] = [1 + (seed % 5), 1 + ((seed * 3) % 7)];
        const A = { data: Array.from(randomDense([m, n], { density: 0.4, seed })), shape: [m, n] };
        const x = {
          data: Array.from(randomDense([n], { density: 1, seed: seed + 100 })),
          shape: [n],
        };
        const y = {
          name: 'y',
          data: Array.from(randomDense([m], { density: 1, seed: seed + 200 })),
          shape: [m],
        };
        const expression = 'y(i) += A(i,j) * x(j)';
        const request = { expression, formats: { A: 'CSR' }, valueType: 'f32' as const };
        const got = await impl.run({ ...request, operands: { A, x }, output: y });
        const expected = referenceIndexNotation(expression, { A, x }, y.data);
        for (const [k, v] of got.entries()) expect(v).toBeCloseTo(expected[k] as number, 4);
      }
    });

    it("'*=' and f64 are typed errors naming the argument", async () => {
      expect(await tf.setBackend(backend)).toBe(true);
      const impl = tfjsSparseConformanceImpl();
      const X = { name: 'X', data: [1, 0, 2, 3], shape: [2, 2] };
      const run = (expression: string, valueType: 'f32' | 'f64') =>
        impl.run({ expression, formats: { X: 'CSR' }, valueType, operands: {}, output: X });
      await expect(run('X(i,j) *= 2.0', 'f32')).rejects.toThrow(SparsifyError);
      await expect(run('X(i,j) *= 2.0', 'f32')).rejects.toThrow(/request\.expression.*'\*='/);
      await expect(run('X(i,j) = X(i,j)', 'f64')).rejects.toThrow(/valueType.*f64/);
    });
  },
);
