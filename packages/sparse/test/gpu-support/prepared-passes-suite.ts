/**
 * A GPU register entry without the compiler (the page imports the backend and the entry, never
 * `@tilekit/sparse/tfjs/compiler`): the ready-made ops run the passes prepared with their
 * kernels (on the GPU, equal to the cpu backend's results, on seeded random CSR operands of
 * float32 and int32 values), and a format nothing was prepared for is a typed error naming the
 * compiler's entry, leaking no tensor.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparsifyError } from '../../src/index.js';
import { SPARSE_COMPILER_ENTRY } from '../../src/tfjs/compiled-kernel.js';
import { lastSparseKernelRun, spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';

/** A seeded random `rows x cols` matrix (about a third of it stored), as plain numbers. */
function randomMatrix(random: () => number, rows: number, cols: number): number[][] {
  return Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () => (random() < 0.35 ? Math.floor(random() * 9) - 4 : 0)),
  );
}

/** `run` on `backend`, its result read back. */
async function on(backend: string, run: () => tf.Tensor): Promise<number[]> {
  expect(await tf.setBackend(backend)).toBe(true);
  if (backend === 'webgpu') tf.env().set('WEBGPU_CPU_FORWARD', false);
  const out = run();
  const values = Array.from(await out.data());
  out.dispose();
  return values;
}

/** The suite for `gpu` (its backend and register entry imported by the test file). */
export function describePreparedPasses(gpu: 'webgl' | 'webgpu'): void {
  describe(`register-${gpu} without the compiler`, () => {
    it('runs spmv and spmm on prepared passes, equal to the cpu backend', async () => {
      const random = seededRandom(61);
      for (const dtype of ['float32', 'int32'] as const)
        for (let trial = 0; trial < 4; trial++) {
          const [m, k, n] = [1 + Math.floor(random() * 40), 1 + Math.floor(random() * 40), 3];
          const A = randomMatrix(random, m, k);
          const x = Array.from({ length: k }, () => Math.floor(random() * 7) - 3);
          const B = Array.from({ length: k * n }, () => Math.floor(random() * 7) - 3);
          const results: Record<string, number[][]> = {};
          for (const backend of ['cpu', gpu]) {
            const run = (op: 'spmv' | 'spmm') => () =>
              tf.tidy(() => {
                const S = TfSparseTensor.fromDense(tf.tensor2d(A, [m, k], dtype), 'CSR');
                const out =
                  op === 'spmv'
                    ? spmv(S, tf.tensor1d(x, dtype))
                    : spmm(S, tf.tensor2d(B, [k, n], dtype));
                S.dispose();
                return out;
              });
            results[backend] = [await on(backend, run('spmv')), await on(backend, run('spmm'))];
            if (backend === gpu)
              expect(lastSparseKernelRun()).toMatchObject({ backend: gpu, path: 'gpu' });
          }
          expect(results[gpu]).toEqual(results.cpu);
        }
    });

    it('refuses a format nothing was prepared for, naming the compiler entry, leaking nothing', async () => {
      expect(await tf.setBackend(gpu)).toBe(true);
      const A = tf.tensor2d([
        [1, 0],
        [0, 2],
      ]);
      const x = tf.tensor1d([1, 1]);
      const S = TfSparseTensor.fromDense(A, 'DCSR');
      const before = tf.memory().numTensors;
      let thrown: unknown;
      try {
        spmv(S, x);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(SparsifyError);
      expect(String((thrown as Error).message)).toContain(SPARSE_COMPILER_ENTRY);
      expect(tf.memory().numTensors).toBe(before);
      tf.dispose([A, x]);
      S.dispose();
    });
  });
}
