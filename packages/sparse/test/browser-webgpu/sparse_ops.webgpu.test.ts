/**
 * The sparse ops on WebGPU: seeded random cases of every op (formats, sizes, densities, int32
 * and float32) equal plain loops over every index tuple, and the cpu backend's results; the
 * kernels whose outer loop is parallel run generated WGSL (and say so), the others the host
 * loops with the reason; GPU-resident operands are never read back; new shapes compile no new
 * pipelines after a warm-up.
 */
import { describe, expect, it } from 'vitest';
import { lastSparseKernelRun, spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import {
  CASE_OPS,
  type CaseOp,
  describeCase,
  randomCases,
  referenceOf,
  runCase,
  storedEntries,
} from '../tfjs/support/random_cases.js';
import { compiledPipelines, onGpuOnly, onWebgpu, tf, useBackend } from './support.js';

onWebgpu();

const CASES_PER_OP = 300;

/** Formats whose outermost loop writes disjoint outputs (run as WGSL) for each op. */
const GPU_FORMATS: Readonly<Record<CaseOp, readonly string[]>> = {
  spmv: ['CSR', 'DCSR'],
  spmm: ['CSR', 'DCSR'],
  sddmm: ['CSR', 'DCSR', 'CSC', 'DCSC'],
  sparseDot: [],
  toDense: ['CSR', 'DCSR', 'CSC', 'DCSC'],
};

/**
 * A result's values, read asynchronously (tfjs-webgpu's synchronous read goes through a canvas,
 * which returns zeros on the headless SwiftShader adapter); disposes the tensor.
 */
async function plain(t: tf.Tensor): Promise<number[]> {
  const values = Array.from(await t.data(), (v) => (v === 0 ? 0 : v));
  t.dispose();
  return values;
}

describe('sparse ops on webgpu equal plain loops and the cpu backend', () => {
  it.each(CASE_OPS)('%s', async (op) => {
    const cases = randomCases(op, CASES_PER_OP, 7 + CASE_OPS.indexOf(op));
    const gpu: number[][] = [];
    const paths: string[] = [];
    await useBackend('webgpu');
    for (const c of cases) {
      const before = tf.memory().numTensors;
      gpu.push(await plain(tf.tidy(() => runCase(tf, c))));
      paths.push(lastSparseKernelRun()?.path ?? 'none');
      expect(tf.memory().numTensors, describeCase(c)).toBe(before);
    }
    await useBackend('cpu');
    const cpu: number[][] = [];
    for (const c of cases) cpu.push(await plain(tf.tidy(() => runCase(tf, c))));
    await useBackend('webgpu');
    cases.forEach((c, k) => {
      expect(gpu[k], describeCase(c)).toEqual(referenceOf(c));
      expect(gpu[k], describeCase(c)).toEqual(cpu[k]);
      // A parallel format runs as WGSL unless a tensor is empty (no buffer to bind).
      const nonEmpty = (gpu[k]?.length ?? 0) > 0 && storedEntries(c) > 0;
      const expected = GPU_FORMATS[op].includes(c.format) && nonEmpty ? 'gpu' : 'host';
      expect(paths[k], describeCase(c)).toBe(expected);
    });
  });
});

describe('webgpu residency and compilation', () => {
  it('chains spmv and spmm on GPU buffers without reading them back', async () => {
    const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0, 0, 3, 4, 0, 0], [3, 3]), 'CSR');
    const x = tf.tensor1d([1, 2, 3]);
    const [y, C] = tf.tidy(() => {
      const ax = spmv(A, spmv(A, x));
      expect(lastSparseKernelRun()).toMatchObject({ backend: 'webgpu', path: 'gpu' });
      return [ax, spmm(A, tf.reshape(ax, [3, 1]))];
    });
    // Neither the operands nor the results were read back.
    expect([...A.tensors(), x, y as tf.Tensor, C as tf.Tensor].every(onGpuOnly)).toBe(true);
    // A x = [7, 9, 4]; A (A x) = [15, 12, 28]; A (A A x) = [71, 84, 60].
    expect(await plain(y as tf.Tensor)).toEqual([15, 12, 28]);
    expect(await plain(C as tf.Tensor)).toEqual([71, 84, 60]);
    A.dispose();
    x.dispose();
  });

  it('a CSC spmv runs on the host and says why', async () => {
    const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 3], [2, 2]), 'CSC');
    expect(await plain(tf.tidy(() => spmv(A, tf.tensor1d([1, 1]))))).toEqual([1, 5]);
    expect(lastSparseKernelRun()).toMatchObject({
      backend: 'webgpu',
      path: 'host',
      reason: expect.stringMatching(/not indexed by the iteration/),
    });
    A.dispose();
  });

  it('new shapes compile no pipelines after a warm-up', async () => {
    const run = async (m: number, n: number, k: number) => {
      const [y, C] = tf.tidy(() => {
        const dense = tf.tensor2d(
          Array.from({ length: m * n }, (_, q) => (q % 3 === 0 ? (q % 7) + 1 : 0)),
          [m, n],
        );
        const A = TfSparseTensor.fromDense(dense, 'CSR');
        return [spmv(A, tf.ones([n])), spmm(A, tf.ones([n, k]))];
      });
      await plain(y as tf.Tensor);
      await plain(C as tf.Tensor);
    };
    await run(8, 9, 2);
    const before = compiledPipelines();
    await run(40, 33, 5);
    await run(3, 70, 1);
    expect(compiledPipelines() - before).toBe(0);
  });
});
