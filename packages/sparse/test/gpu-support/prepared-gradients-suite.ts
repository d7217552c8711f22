/**
 * A GPU register entry without the compiler (the test file imports the backend and the entry,
 * never `@tilekit/sparse/tfjs/compiler`): every ready-made op (`spmv`, `spmm`, `sddmm`,
 * `sparseDot` with a dense and a sparse partner, `sparseToDense`) runs forward on float32 and
 * int32 CSR matrices and sparse vectors, and its gradients with respect to the sparse values
 * (through `withValues`) and every dense operand run in float32, each equal to a plain-loop
 * dense formula on seeded random operands, leaking no tensor. On webgpu the gradients take their
 * dense output-major form, whose kernels and rewrites ship prepared with that backend's entries.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  lastSparseKernelRun,
  sddmm,
  sparseDot,
  sparseToDense,
  spmm,
  spmv,
  TfSparseTensor,
} from '../../src/tfjs/index.js';

type DType = 'float32' | 'int32';

/** A seeded random `rows x cols` matrix (about a third of it stored), as plain numbers. */
function randomMatrix(random: () => number, rows: number, cols: number): number[][] {
  return Array.from({ length: rows }, () =>
    Array.from({ length: cols }, () => (random() < 0.35 ? Math.floor(random() * 9) - 4 : 0)),
  );
}

/** Seeded small integers (exact in float32 sums of these sizes). */
const randomVector = (random: () => number, n: number) =>
  Array.from({ length: n }, () => Math.floor(random() * 7) - 3);

/** The stored entries of `A` in row-major order (CSR's order), as `[row, col]`. */
const entriesOf = (A: number[][]) =>
  A.flatMap((row, i) => row.flatMap((v, j) => (v === 0 ? [] : [[i, j] as const])));

/** A random dense matrix as rows. */
const rowsOf = (random: () => number, m: number, n: number) =>
  Array.from({ length: m }, () => randomVector(random, n));

/** `actual` equals `expected`, a zero's sign aside (GPU and loop round it differently). */
const same = (actual: number[] | undefined, expected: number[]) =>
  expect(actual?.map((v) => v + 0)).toEqual(expected.map((v) => v + 0));

/** `run`'s tensors read back; the number of tensors is the same before and after. */
async function readBack(run: () => tf.Tensor[]): Promise<number[][]> {
  const before = tf.memory().numTensors;
  const outs = tf.tidy(run);
  const values = await Promise.all(outs.map(async (t) => Array.from(await t.data())));
  tf.dispose(outs);
  expect(tf.memory().numTensors).toBe(before);
  return values;
}

/** The suite for `gpu` (its backend and full register entry imported by the test file). */
export function describePreparedGradients(gpu: 'webgl' | 'webgpu'): void {
  // On webgpu, tfjs runs small CPU-resident inputs on the host by default (the prepared wasm
  // kernels), and on the GPU with WEBGPU_CPU_FORWARD off: both routes, each without the compiler.
  for (const cpuForward of gpu === 'webgpu' ? [false, true] : [false])
    describePreparedGradientsOn(gpu, cpuForward);
}

/** The suite on `gpu`, with tfjs-webgpu's CPU forwarding set to `cpuForward`. */
function describePreparedGradientsOn(gpu: 'webgl' | 'webgpu', cpuForward: boolean): void {
  const forwarding = gpu === 'webgpu' ? ` (WEBGPU_CPU_FORWARD ${cpuForward})` : '';
  describe(`register-${gpu} without the compiler: the ready-made ops' gradients${forwarding}`, () => {
    const start = async () => {
      expect(await tf.setBackend(gpu)).toBe(true);
      if (gpu === 'webgpu') tf.env().set('WEBGPU_CPU_FORWARD', cpuForward);
    };
    const csr = (A: number[][], dtype: DType) =>
      TfSparseTensor.fromDense(tf.tensor2d(A, [A.length, (A[0] as number[]).length], dtype), 'CSR');

    it('spmv and spmm: forward (float32, int32) and gradients w.r.t. values and the dense operand', async () => {
      await start();
      const random = seededRandom(401);
      for (let trial = 0; trial < 3; trial++) {
        const [m, k, n] = [1 + Math.floor(random() * 20), 1 + Math.floor(random() * 20), 3];
        const A = randomMatrix(random, m, k);
        const x = randomVector(random, k);
        const B = rowsOf(random, k, n);
        const dy = randomVector(random, m);
        const dY = rowsOf(random, m, n);
        const entries = entriesOf(A);
        for (const dtype of ['float32', 'int32'] as const) {
          const [y, Y] = await readBack(() => {
            const S = csr(A, dtype);
            const outs = [spmv(S, tf.tensor1d(x, dtype)), spmm(S, tf.tensor2d(B, [k, n], dtype))];
            S.dispose();
            return outs;
          });
          same(
            y,
            A.map((row) => row.reduce((s, a, j) => s + a * (x[j] as number), 0)),
          );
          same(
            Y,
            A.flatMap((row) =>
              Array.from({ length: n }, (_, c) =>
                row.reduce((s, a, j) => s + a * (B[j] as number[])[c]!, 0),
              ),
            ),
          );
        }
        const [dvSpmv, dx, dvSpmm, dB] = await readBack(() =>
          tf.tidy(() => {
            const S = csr(A, 'float32');
            const xs = tf.tensor1d(x);
            const Bs = tf.tensor2d(B);
            const gv = tf.grads((v: tf.Tensor, xx: tf.Tensor) =>
              spmv(S.withValues(v as tf.Tensor1D), xx),
            )([S.values, xs], tf.tensor1d(dy));
            const gm = tf.grads((v: tf.Tensor, b: tf.Tensor) =>
              spmm(S.withValues(v as tf.Tensor1D), b as tf.Tensor2D),
            )([S.values, Bs], tf.tensor2d(dY));
            return [...gv, ...gm];
          }),
        );
        // The last derivative kernel, a webgpu form prepared as passes only, ran as GPU passes
        // even where tfjs forwards small CPU-resident inputs to the host.
        if (gpu === 'webgpu')
          expect(lastSparseKernelRun()).toMatchObject({ backend: gpu, path: 'gpu' });
        // d/dA(i,j) of sum_i dy(i) * sum_j A(i,j) x(j) is dy(i) x(j); d/dx(j) is sum_i A(i,j) dy(i).
        same(
          dvSpmv,
          entries.map(([i, j]) => (dy[i] as number) * (x[j] as number)),
        );
        same(
          dx,
          Array.from({ length: k }, (_, j) =>
            A.reduce((s, row, i) => s + (row[j] as number) * (dy[i] as number), 0),
          ),
        );
        same(
          dvSpmm,
          entries.map(([i, j]) =>
            (dY[i] as number[]).reduce((s, d, c) => s + d * (B[j] as number[])[c]!, 0),
          ),
        );
        same(
          dB,
          Array.from({ length: k }, (_, j) =>
            Array.from({ length: n }, (_, c) =>
              A.reduce((s, row, i) => s + (row[j] as number) * (dY[i] as number[])[c]!, 0),
            ),
          ).flat(),
        );
      }
    });

    it('sddmm: forward (float32, int32) and gradients w.r.t. values and both dense operands', async () => {
      await start();
      const random = seededRandom(402);
      for (let trial = 0; trial < 3; trial++) {
        const [m, k, n] = [
          1 + Math.floor(random() * 12),
          1 + Math.floor(random() * 4),
          1 + Math.floor(random() * 12),
        ];
        const S0 = randomMatrix(random, m, n);
        const L = rowsOf(random, m, k);
        const R = rowsOf(random, k, n);
        const dX = rowsOf(random, m, n);
        const entries = entriesOf(S0);
        const lr = (i: number, j: number) =>
          (L[i] as number[]).reduce((s, l, c) => s + l * (R[c] as number[])[j]!, 0);
        for (const dtype of ['float32', 'int32'] as const) {
          const [X] = await readBack(() => {
            const S = csr(S0, dtype);
            const out = sddmm(S, tf.tensor2d(L, [m, k], dtype), tf.tensor2d(R, [k, n], dtype));
            S.dispose();
            return [out];
          });
          same(
            X,
            S0.flatMap((row, i) => row.map((s, j) => s * lr(i, j))),
          );
        }
        const [dv, dL, dR] = await readBack(() =>
          tf.tidy(() => {
            const S = csr(S0, 'float32');
            return tf.grads((v: tf.Tensor, a: tf.Tensor, b: tf.Tensor) =>
              sddmm(S.withValues(v as tf.Tensor1D), a as tf.Tensor2D, b as tf.Tensor2D),
            )([S.values, tf.tensor2d(L), tf.tensor2d(R)], tf.tensor2d(dX));
          }),
        );
        const s = (i: number, j: number) => (S0[i] as number[])[j] as number;
        const d = (i: number, j: number) => (dX[i] as number[])[j] as number;
        same(
          dv,
          entries.map(([i, j]) => d(i, j) * lr(i, j)),
        );
        same(
          dL,
          Array.from({ length: m }, (_, i) =>
            Array.from({ length: k }, (_, c) => {
              let sum = 0;
              for (let j = 0; j < n; j++) sum += s(i, j) * d(i, j) * (R[c] as number[])[j]!;
              return sum;
            }),
          ).flat(),
        );
        same(
          dR,
          Array.from({ length: k }, (_, c) =>
            Array.from({ length: n }, (_, j) => {
              let sum = 0;
              for (let i = 0; i < m; i++) sum += s(i, j) * d(i, j) * (L[i] as number[])[c]!;
              return sum;
            }),
          ).flat(),
        );
      }
    });

    it('sparseDot (dense and sparse partner) and sparseToDense: forward and gradients', async () => {
      await start();
      const random = seededRandom(403);
      for (let trial = 0; trial < 3; trial++) {
        const len = 1 + Math.floor(random() * 24);
        const [a] = randomMatrix(random, 1, len) as [number[]];
        const [b] = randomMatrix(random, 1, len) as [number[]];
        const x = randomVector(random, len);
        const A = randomMatrix(
          random,
          1 + Math.floor(random() * 10),
          1 + Math.floor(random() * 10),
        );
        const dD = A.map((row) => randomVector(random, row.length));
        const dot = (u: number[], w: number[]) =>
          u.reduce((s, v, k) => s + v * (w[k] as number), 0);
        const stored = (v: number[]) => v.flatMap((e, k) => (e === 0 ? [] : [k]));
        const vec = (v: number[], dtype: DType) =>
          TfSparseTensor.fromDense(tf.tensor1d(v, dtype), 'sparse-vector');
        for (const dtype of ['float32', 'int32'] as const) {
          const [dx, ds, D] = await readBack(() => {
            const [sa, sb, S] = [vec(a, dtype), vec(b, dtype), csr(A, dtype)];
            const outs = [
              sparseDot(sa, tf.tensor1d(x, dtype)),
              sparseDot(sa, sb),
              sparseToDense(S),
            ];
            for (const t of [sa, sb, S]) t.dispose();
            return outs;
          });
          same(dx, [dot(a, x)]);
          same(ds, [dot(a, b)]);
          same(D, A.flat());
        }
        const [dva, dxx, dva2, dvb, dvD] = await readBack(() =>
          tf.tidy(() => {
            const [sa, sb, S] = [vec(a, 'float32'), vec(b, 'float32'), csr(A, 'float32')];
            const g = tf.scalar(3);
            return [
              ...tf.grads((v: tf.Tensor, xx: tf.Tensor) =>
                sparseDot(sa.withValues(v as tf.Tensor1D), xx),
              )([sa.values, tf.tensor1d(x)], g),
              ...tf.grads((v: tf.Tensor, w: tf.Tensor) =>
                sparseDot(sa.withValues(v as tf.Tensor1D), sb.withValues(w as tf.Tensor1D)),
              )([sa.values, sb.values], g),
              tf.grad((v: tf.Tensor) => sparseToDense(S.withValues(v as tf.Tensor1D)))(
                S.values,
                tf.tensor2d(dD, [A.length, (A[0] as number[]).length]),
              ),
            ];
          }),
        );
        same(
          dva,
          stored(a).map((k) => 3 * (x[k] as number)),
        );
        same(
          dxx,
          a.map((v) => 3 * v),
        );
        same(
          dva2,
          stored(a).map((k) => 3 * (b[k] as number)),
        );
        same(
          dvb,
          stored(b).map((k) => 3 * (a[k] as number)),
        );
        same(
          dvD,
          entriesOf(A).map(([i, j]) => (dD[i] as number[])[j] as number),
        );
      }
    });
  });
}
