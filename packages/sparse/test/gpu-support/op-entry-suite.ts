/**
 * An op's own GPU register entry (`register-<gpu>/spmv`, imported by the test file, without the
 * full entry or the compiler): spmv and its gradient with respect to the sparse values (on
 * webgpu in its output-major form, prepared with that entry) run on spmv's prepared passes,
 * equal to the cpu backend on seeded random CSR operands; another op, whose kernel that entry
 * leaves unregistered, is tfjs's missing-kernel error naming the full
 * register entry, leaking nothing.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { KernelNotRegisteredError } from '@tilekit/tfjs-backend-support';
import { describe, expect, it } from 'vitest';
import { lastSparseKernelRun, spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';

/** A seeded random `rows x cols` matrix (about a third of it stored), as plain numbers. */
function randomMatrix(random: () => number, rows: number, cols: number): number[][] {
  return Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () => (random() < 0.35 ? Math.floor(random() * 9) - 4 : 0)),
  );
}

/**
 * `spmv(A, x)` on `backend`, read back, and where `gradient`, its gradient with respect to A's
 * values (else empty).
 */
async function spmvAndGradient(
  backend: string,
  A: number[][],
  x: number[],
  gradient: boolean,
): Promise<[number[], number[]]> {
  expect(await tf.setBackend(backend)).toBe(true);
  if (backend === 'webgpu') tf.env().set('WEBGPU_CPU_FORWARD', false);
  const S = TfSparseTensor.fromDense(tf.tensor2d(A), 'CSR');
  const xs = tf.tensor1d(x);
  const y = spmv(S, xs);
  const path = lastSparseKernelRun();
  const dValues = gradient
    ? tf.grad((v: tf.Tensor) => spmv(S.withValues(v as tf.Tensor1D), xs))(S.values)
    : tf.zeros([0]);
  const out: [number[], number[]] = [Array.from(await y.data()), Array.from(await dValues.data())];
  if (backend !== 'cpu') expect(path).toMatchObject({ backend, path: 'gpu' });
  tf.dispose([y, dValues, xs]);
  S.dispose();
  return out;
}

/** The suite for `gpu` (its backend and `register-<gpu>/spmv` imported by the test file). */
export function describeOpEntry(gpu: 'webgl' | 'webgpu'): void {
  describe(`register-${gpu}/spmv alone`, () => {
    it('runs spmv and its values gradient on prepared passes, equal to the cpu backend', async () => {
      const gradient = true;
      const random = seededRandom(83);
      for (let trial = 0; trial < 4; trial++) {
        const [m, k] = [1 + Math.floor(random() * 30), 1 + Math.floor(random() * 30)];
        const A = randomMatrix(random, m, k);
        const x = Array.from({ length: k }, () => Math.floor(random() * 7) - 3);
        expect(await spmvAndGradient(gpu, A, x, gradient)).toEqual(
          await spmvAndGradient('cpu', A, x, gradient),
        );
      }
    });

    it("leaves other ops' kernels unregistered: a typed error naming the full entry", async () => {
      expect(await tf.setBackend(gpu)).toBe(true);
      const S = TfSparseTensor.fromDense(
        tf.tensor2d([
          [1, 0],
          [0, 2],
        ]),
        'CSR',
      );
      const B = tf.tensor2d([
        [1, 2],
        [3, 4],
      ]);
      const before = tf.memory().numTensors;
      let thrown: unknown;
      try {
        spmm(S, B);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(KernelNotRegisteredError);
      expect(String((thrown as Error).message)).toContain(`@tilekit/sparse/tfjs/register-${gpu}`);
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose(B);
      S.dispose();
    });
  });
}
