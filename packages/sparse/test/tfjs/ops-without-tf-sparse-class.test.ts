/**
 * The ready-made ops in an app that passes only host `SparseTensor`s and never imports
 * `TfSparseTensor`: the ops recognise the class through the hook it registers, so such an app's
 * bundle leaves the class (every constructor, `toDense`) out, and the ops and their gradients
 * must run without it. Its module is mocked to throw, so loading it fails this file. Results and
 * gradients are checked against plain loops over the dense matrix on seeded random cases.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it, vi } from 'vitest';
import { SparseTensor } from '../../src/sparse-tensor/sparse-tensor.js';
import '../../src/tfjs/register-cpu.js';
import { sparseDot } from '../../src/tfjs/ops/sparse-dot.js';
import { spmm } from '../../src/tfjs/ops/spmm.js';
import { spmv } from '../../src/tfjs/ops/spmv.js';
import { randomDense, rng } from '../sparsify/fixtures.js';

vi.mock('../../src/tfjs/sparse-tensor-tf.js', () => {
  throw new Error('the TfSparseTensor class was loaded');
});

const CASES = 20;

/** Values as plain numbers, -0 read as 0 (the references' sums start from +0). */
const list = (values: ArrayLike<number>) => Array.from(values, (v) => (v === 0 ? 0 : v));

/** `A^T y` of the row-major `rows x cols` matrix `a`, by a plain loop. */
function transposedTimes(a: Float32Array, rows: number, cols: number, y: ArrayLike<number>) {
  const out = new Array<number>(cols).fill(0);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++)
      out[j] = (out[j] as number) + (a[i * cols + j] as number) * (y[i] as number);
  return out;
}

/** A random case: a host CSR matrix, its dense data, a vector `x` and an output gradient `dy`. */
function randomCase(seed: number) {
  const next = rng(seed);
  const rows = 1 + Math.floor(next() * 9);
  const cols = 1 + Math.floor(next() * 9);
  const a = Float32Array.from(randomDense([rows, cols], { density: 0.4, seed, emptyRows: true }));
  const A = SparseTensor.fromDense(a, [rows, cols], 'CSR', { dtype: 'float32' });
  const x = Float32Array.from(randomDense([cols], { density: 1, seed: seed + 1 }));
  const dy = Float32Array.from(randomDense([rows], { density: 1, seed: seed + 2 }));
  return { rows, cols, a, A, x, dy };
}

describe('the ops and their gradients without the TfSparseTensor class', () => {
  it('spmv: A x and its gradient A^T dy with respect to x, no tensor left', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const { rows, cols, a, A, x, dy } = randomCase(seed);
      const before = tf.memory().numTensors;
      const xt = tf.tensor1d(x);
      const dyt = tf.tensor1d(dy);
      const y = spmv(A, xt);
      const dx = tf.grad((v) => spmv(A, v as tf.Tensor1D))(xt, dyt);
      const ax = Array.from({ length: rows }, (_, i) =>
        x.reduce((s, v, j) => s + (a[i * cols + j] as number) * v, 0),
      );
      expect(list(y.dataSync()), `seed ${seed}`).toEqual(list(ax));
      expect(list(dx.dataSync()), `seed ${seed}`).toEqual(list(transposedTimes(a, rows, cols, dy)));
      tf.dispose([xt, dyt, y, dx]);
      expect(tf.memory().numTensors, `seed ${seed}`).toBe(before);
    }
  });

  it('spmm: the gradient A^T dY with respect to B', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const { rows, cols, a, A, x, dy } = randomCase(seed);
      // One column: B is x as a column, dY is dy as a column.
      const B = tf.tensor2d(x, [cols, 1]);
      const dB = tf.grad((b) => spmm(A, b as tf.Tensor2D))(B, tf.tensor2d(dy, [rows, 1]));
      expect(list(dB.dataSync()), `seed ${seed}`).toEqual(list(transposedTimes(a, rows, cols, dy)));
      tf.dispose([B, dB]);
    }
  });

  it('sparseDot: a . b and its gradient a with respect to b', () => {
    for (let seed = 1; seed <= CASES; seed++) {
      const { cols, x } = randomCase(seed);
      const dense = Float32Array.from(randomDense([cols], { density: 0.5, seed: seed + 3 }));
      const a = SparseTensor.fromDense(dense, [cols], 'sparse-vector', { dtype: 'float32' });
      const b = tf.tensor1d(x);
      const dot = sparseDot(a, b);
      const db = tf.grad((v) => sparseDot(a, v))(b);
      expect(list(dot.dataSync()), `seed ${seed}`).toEqual(
        list([dense.reduce((s, v, k) => s + v * (x[k] as number), 0)]),
      );
      expect(list(db.dataSync()), `seed ${seed}`).toEqual(list(dense));
      tf.dispose([b, dot, db]);
    }
  });
});
