/**
 * The rewritten WebGPU passes (row groups summing CSR rows, the (row, column) grid of SpMM)
 * against the cpu backend on seeded random patterns built to stress them: empty rows, one huge
 * row among short ones, rows long enough for a whole workgroup, matrices with no entries and
 * with no rows. Sums are within a rounding tolerance of the cpu's sequential order; the same
 * call twice gives bit-identical results (the lanes' tree has a fixed order).
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  lastSparseKernelRun,
  sddmm,
  sparseToDense,
  spmm,
  spmv,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import { WEBGPU } from '../gpu-support/webgpu.js';

/** A dense matrix with the row pattern a case asks for. */
interface Pattern {
  readonly rows: number;
  readonly cols: number;
  readonly data: Float32Array;
  readonly label: string;
}

/** Random patterns: row lengths drawn per kind, values in [-1, 1). */
function patterns(seed: number): Pattern[] {
  const random = seededRandom(seed);
  const make = (rows: number, cols: number, rowLength: (r: number) => number, label: string) => {
    const data = new Float32Array(rows * cols);
    for (let r = 0; r < rows; r++) {
      const length = Math.min(cols, rowLength(r));
      for (let e = 0; e < length; e++) {
        const c = Math.floor(random() * cols);
        data[r * cols + c] = random() * 2 - 1;
      }
    }
    return { rows, cols, data, label };
  };
  const list: Pattern[] = [];
  for (let k = 0; k < 4; k++) {
    const rows = 1 + Math.floor(random() * 200);
    const cols = 1 + Math.floor(random() * 600);
    const huge = Math.floor(random() * rows);
    list.push(
      make(rows, cols, () => (random() < 0.3 ? 0 : Math.floor(random() * 12)), 'short, some empty'),
      make(rows, cols, (r) => (r === huge ? cols * 4 : random() < 0.5 ? 0 : 2), 'one huge row'),
      make(rows, cols, () => Math.floor(cols * (0.5 + random() / 2)), 'long rows'),
    );
  }
  list.push(
    make(37, 50, () => 0, 'no entries'),
    make(0, 20, () => 0, 'no rows'),
  );
  return list;
}

/** The values of `run()`'s result on the current backend (tensors balanced). */
async function values(run: () => tf.Tensor): Promise<Float32Array> {
  const before = tf.memory().numTensors;
  const t = tf.tidy(run);
  const data = (await t.data()) as Float32Array;
  t.dispose();
  expect(tf.memory().numTensors).toBe(before);
  return data;
}

/**
 * Runs `op` on webgpu (twice: the results must be bit-identical) and on cpu; returns the path
 * the webgpu run took.
 */
async function compare(op: () => tf.Tensor, terms: number, label: string): Promise<string> {
  await tf.setBackend('webgpu');
  WEBGPU.prepare?.();
  const gpu = await values(op);
  const path = lastSparseKernelRun()?.path ?? 'none';
  const again = await values(op);
  expect(Array.from(again), `${label}: reproducible`).toEqual(Array.from(gpu));
  await tf.setBackend('cpu');
  const cpu = await values(op);
  expect(gpu.length, label).toBe(cpu.length);
  // Reordered sums of `terms` products of values in [-1, 1) each round by at most an ulp.
  const tolerance = 1e-6 * (terms + 1) * 4;
  const worst = gpu.reduce((w, g, k) => Math.max(w, Math.abs(g - (cpu[k] as number))), 0);
  expect(worst, label).toBeLessThanOrEqual(tolerance);
  return path;
}

describe('rewritten sparse passes on webgpu equal the cpu backend', () => {
  beforeAll(async () => {
    expect(await tf.setBackend('webgpu')).toBe(true);
  });

  it('spmv and spmm on random patterns (empty rows, a huge row, long rows, no entries)', async () => {
    let ran = 0;
    for (const p of patterns(33)) {
      const label = `${p.label} ${p.rows}x${p.cols}`;
      const random = seededRandom(p.rows * 1000 + p.cols);
      const x = Float32Array.from({ length: p.cols }, () => random() * 2 - 1);
      const b = Float32Array.from({ length: p.cols * 64 }, () => random() * 2 - 1);
      const A = () => TfSparseTensor.fromDense(tf.tensor2d(p.data, [p.rows, p.cols]), 'CSR');
      const paths = [
        await compare(() => spmv(A(), tf.tensor1d(x)), p.cols, `spmv ${label}`),
        await compare(() => spmm(A(), tf.tensor2d(b, [p.cols, 64])), p.cols, `spmm ${label}`),
      ];
      if (p.rows > 0) ran += paths.filter((path) => path === 'gpu').length;
    }
    // The generated passes ran (not the host loops) for every case with rows.
    expect(ran).toBe(2 * 13);
  });

  it('sddmm and sparseToDense on the same patterns', async () => {
    for (const p of patterns(34).filter((q) => q.rows > 0)) {
      const label = `${p.label} ${p.rows}x${p.cols}`;
      const random = seededRandom(p.rows + p.cols);
      const k = 1 + Math.floor(random() * 40);
      const left = Float32Array.from({ length: p.rows * k }, () => random() * 2 - 1);
      const right = Float32Array.from({ length: k * p.cols }, () => random() * 2 - 1);
      const S = () => TfSparseTensor.fromDense(tf.tensor2d(p.data, [p.rows, p.cols]), 'CSR');
      await compare(
        () => sddmm(S(), tf.tensor2d(left, [p.rows, k]), tf.tensor2d(right, [k, p.cols])),
        k,
        `sddmm ${label}`,
      );
      await compare(() => sparseToDense(S()), 1, `sparseToDense ${label}`);
    }
  });
});
