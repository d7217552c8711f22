/**
 * Gradients through the values of sparse results on a GPU backend (SwiftShader WebGPU or
 * WebGL2): the pattern assembled on the device by `sparseMatMulAsync`, `sparseAddAsync`,
 * `sparseMulAsync`, then `tf.grads` of a loss over the values of `sparseMatMulOnPattern`,
 * `sparseAddOnPattern`, `sparseMulOnPattern` on it, against the cpu backend's gradients of the
 * synchronous ops (the host assembly) on the same operands: seeded random CSR and COO operands
 * (empty rows, empty matrices, duplicate-heavy products), float32. The forward values equal the
 * Async op's bit for bit; no synchronous read happens on WebGPU; nothing leaks; with respect to
 * coordinates the gradient is a typed `SparseGradientError` naming the operand.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import type { FormatSpec, SparseTensor } from '../../src/sparse-tensor/index.js';
import {
  SparseGradientError,
  sparseAddOnPattern,
  sparseMatMulOnPattern,
  sparseMulOnPattern,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import { ASYNC_ASSEMBLY_OPS, SYNC_ASSEMBLY_OPS } from '../tfjs/support/assembly-ops.js';
import { type AssemblyCombine as Combine, randomPair } from '../tfjs/support/assembly-reference.js';
import { gpuSparse } from './assembly-suite.js';
import type { GpuSuiteBackend } from './sparse-suite.js';

const ON_PATTERN = {
  product: sparseMatMulOnPattern,
  union: sparseAddOnPattern,
  intersection: sparseMulOnPattern,
} as const;

/** Loss weights, one per result entry (the same on every backend: the patterns are). */
function weights(nnz: number, seed: number): Float32Array {
  const next = seededRandom(seed);
  return Float32Array.from({ length: nnz }, () => next() * 2 - 1);
}

/** `Σ w ⊙ values²` of a result (a taped computation; one zero term more: WebGL sums no empty tensor). */
const loss = (C: TfSparseTensor, w: tf.Tensor1D) =>
  tf.sum(tf.concat([tf.mul(w, tf.square(C.values)), tf.zeros([1])])) as tf.Scalar;

/** The gradients of the loss with respect to both operands' values, read back. */
async function gradientsOf(
  run: (a: TfSparseTensor, b: TfSparseTensor) => TfSparseTensor,
  a: TfSparseTensor,
  b: TfSparseTensor,
  w: tf.Tensor1D,
): Promise<number[][]> {
  const grads = tf.grads((va: tf.Tensor, vb: tf.Tensor) =>
    loss(run(a.withValues(va as tf.Tensor1D), b.withValues(vb as tf.Tensor1D)), w),
  )([a.values, b.values]);
  const read = await Promise.all(grads.map(async (g) => Array.from(await g.data())));
  tf.dispose(grads);
  return read;
}

/** Makes `name` the active backend. */
async function use(name: string, prepare?: () => void): Promise<void> {
  if (tf.getBackend() === name) return;
  expect(await tf.setBackend(name)).toBe(true);
  prepare?.();
}

/** The suite on `gpu`. */
export function describeAssemblyGradientSuite(gpu: GpuSuiteBackend): void {
  /** The cpu backend's gradients (and result values) through the synchronous op. */
  async function cpuGradients(combine: Combine, A: SparseTensor, B: SparseTensor, seed: number) {
    await use('cpu');
    const a = TfSparseTensor.fromSparseTensor(A);
    const b = TfSparseTensor.fromSparseTensor(B);
    const C = SYNC_ASSEMBLY_OPS[combine](a, b);
    const w = tf.tensor1d(weights(C.nnz, seed));
    const grads = await gradientsOf((x, y) => SYNC_ASSEMBLY_OPS[combine](x, y), a, b, w);
    const values = Array.from(await C.values.data());
    for (const s of [a, b, C]) s.dispose();
    w.dispose();
    return { grads, values };
  }

  /** The same on the GPU: the Async op's pattern, then the op on it, operands on the GPU only. */
  async function gpuGradients(
    combine: Combine,
    A: SparseTensor,
    B: SparseTensor,
    seed: number,
    formats: readonly [FormatSpec, FormatSpec],
  ) {
    await use(gpu.name, gpu.prepare);
    const before = tf.memory().numTensors;
    const a = gpuSparse(gpu, A, formats[0]);
    const b = gpuSparse(gpu, B, formats[1]);
    const pattern = await ASYNC_ASSEMBLY_OPS[combine](a, b);
    const w = tf.tensor1d(weights(pattern.nnz, seed));
    const reads = gpu.synchronousReads?.() ?? 0;
    const run = (x: TfSparseTensor, y: TfSparseTensor) => ON_PATTERN[combine](x, y, pattern);
    const grads = await gradientsOf(run, a, b, w);
    const C = run(a, b);
    expect(gpu.synchronousReads?.() ?? 0).toBe(reads);
    const [values, asyncValues] = await Promise.all([C.values.data(), pattern.values.data()]);
    for (const s of [a, b, pattern, C]) s.dispose();
    w.dispose();
    expect(tf.memory().numTensors).toBe(before);
    return { grads, values: Array.from(values), asyncValues: Array.from(asyncValues) };
  }

  describe(`${gpu.name}: gradients through sparse results on the Async ops' patterns`, () => {
    for (const combine of ['product', 'union', 'intersection'] as const)
      it(`${combine}: the cpu backend's gradients of the synchronous op`, async () => {
        for (let seed = 1; seed <= 8; seed++) {
          const next = seededRandom(1500 + seed * 17 + combine.length);
          const [A, B] = randomPair(combine, 'float32', next, seed);
          const formats: [FormatSpec, FormatSpec] =
            seed % 3 === 0 && combine === 'product'
              ? ['COO', 'CSR']
              : ['CSR', seed % 2 ? 'COO' : 'CSR'];
          const label = `${combine} seed ${seed} [${A.shape}] ${formats[0]} x [${B.shape}] ${formats[1]}`;
          const cpu = await cpuGradients(combine, A, B, seed);
          const device = await gpuGradients(combine, A, B, seed, formats);
          // The forward values are the device assembly's, bit for bit (and so the cpu's).
          expect(device.values, label).toEqual(device.asyncValues);
          expect(device.values, label).toEqual(cpu.values);
          device.grads.forEach((g, k) => {
            const want = cpu.grads[k] as number[];
            expect(g.length, label).toBe(want.length);
            g.forEach((v, e) => {
              expect(
                Math.abs(v - (want[e] as number)),
                `${label} grad ${k} entry ${e}`,
              ).toBeLessThanOrEqual(1e-5 * (1 + Math.abs(want[e] as number)));
            });
          });
        }
      });

    it('with respect to coordinates: a SparseGradientError naming the operand, leaving nothing', async () => {
      await use(gpu.name, gpu.prepare);
      const next = seededRandom(1600);
      const [A, B] = randomPair('product', 'float32', next, 1);
      const a = gpuSparse(gpu, A, 'CSR');
      const b = gpuSparse(gpu, B, 'CSR');
      const pattern = await ASYNC_ASSEMBLY_OPS.product(a, b);
      const before = tf.memory().numTensors;
      let thrown: unknown;
      try {
        tf.tidy(() =>
          tf.grad((crd: tf.Tensor) => {
            // (Copies: on a GPU fromTensors clamps the given index tensors and disposes them.)
            const x = TfSparseTensor.fromTensors(a.shape, 'CSR', {
              values: a.values,
              positions: a.positions.map((t) => (t === undefined ? t : tf.clone(t))),
              coordinates: [undefined, tf.clone(crd) as tf.Tensor1D],
            });
            return tf.sum(sparseMatMulOnPattern(x, b, pattern).values);
          })(a.coordinates[1] as tf.Tensor1D),
        );
      } catch (e) {
        thrown = e;
      }
      expect(thrown).toBeInstanceOf(SparseGradientError);
      expect((thrown as SparseGradientError).argument).toBe('A');
      expect(tf.memory().numTensors).toBe(before);
      for (const s of [a, b, pattern]) s.dispose();
    });
  });
}
