/**
 * Gradients of the sparse kernels against `tf.grads` of the equivalent dense tfjs ops (the
 * dense matrix's gradient sampled at the stored entries, sampled on the host from the entries'
 * coordinates) on seeded random cases in every matrix format, on the cpu and wasm backends;
 * and against central differences. Values are exact quarters, so sums compare exactly.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { describe, expect, it } from 'vitest';
import { type NamedFormat, SparseTensor } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import {
  SparseGradientError,
  sddmm,
  sparseDot,
  sparseOp,
  sparseToDense,
  spmm,
  spmv,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import { randomDense, rng } from '../sparsify/fixtures.js';
import { MATRIX_FORMATS } from './support/formats.js';

const CASES = 12;

const f32 = (data: Float64Array) => Float32Array.from(data);
const list = (t: tf.Tensor) => Array.from(t.dataSync(), (v) => (v === 0 ? 0 : v));

/** A random sparse matrix: its host form, its dense tensor and its stored entries' dense indices. */
function sparseMatrix(rows: number, cols: number, format: NamedFormat, seed: number) {
  const data = f32(randomDense([rows, cols], { density: 0.35, seed, emptyRows: true }));
  const host = SparseTensor.fromDense(data, [rows, cols], format, { dtype: 'float32' });
  const { coordinates } = host.toCoordinates();
  // toCoordinates lists entries in storage order, the order of the values array.
  const entries = coordinates.map(([i, j]) => (i as number) * cols + (j as number));
  return { host, data, entries };
}

/** The dense gradient `g` (a matrix) sampled at the stored entries. */
const sampled = (g: tf.Tensor, entries: readonly number[]) => {
  const flat = g.dataSync();
  return entries.map((k) => (flat[k] === 0 ? 0 : (flat[k] as number)));
};

interface GradCase {
  readonly name: string;
  /** Gradients of the sparse op w.r.t. [values, ...dense], and of the dense op w.r.t. [dense A, ...dense]. */
  run(seed: number, format: NamedFormat): { sparse: number[][]; dense: number[][] };
}

const dims = (seed: number) => {
  const next = rng(seed);
  return [1 + Math.floor(next() * 12), 1 + Math.floor(next() * 12), 1 + Math.floor(next() * 5)];
};

/** Shapes of a product case's dense operands and of its output gradient. */
interface ProductShapes {
  readonly dense: readonly (readonly number[])[];
  readonly dy: readonly number[];
}

/**
 * `sparseOp` of a random `m x n` sparse matrix and dense operands against `denseOp` of the same
 * matrix held dense: the gradients w.r.t. its values (the dense one sampled at the stored
 * entries) and w.r.t. each dense operand.
 */
function productCase(
  name: string,
  shapes: (m: number, n: number, k: number) => ProductShapes,
  sparseOp: (S: TfSparseTensor, ...dense: tf.Tensor[]) => tf.Tensor,
  denseOp: (S: tf.Tensor2D, ...dense: tf.Tensor[]) => tf.Tensor,
): GradCase {
  return {
    name,
    run(seed, format) {
      const [m, n, k] = dims(seed) as [number, number, number];
      const { host, data, entries } = sparseMatrix(m, n, format, seed);
      const S = TfSparseTensor.fromSparseTensor(host);
      const { dense: denseShapes, dy: dyShape } = shapes(m, n, k);
      const random = (shape: readonly number[], offset: number) =>
        tf.tensor(f32(randomDense(shape, { density: 1, seed: seed + offset })), [...shape]);
      // Dense operands from seed + 1, + 3, ..., the output gradient from seed + 2.
      const dense = denseShapes.map((shape, d) => random(shape, 1 + 2 * d));
      const dy = random(dyShape, 2);
      const s = tf.grads((v: tf.Tensor, ...ds: tf.Tensor[]) =>
        sparseOp(S.withValues(v as tf.Tensor1D), ...ds),
      )([S.values, ...dense], dy);
      const d = tf.grads((Sd: tf.Tensor, ...ds: tf.Tensor[]) => denseOp(Sd as tf.Tensor2D, ...ds))(
        [tf.tensor2d(data, [m, n]), ...dense],
        dy,
      );
      return {
        sparse: s.map(list),
        dense: [sampled(d[0] as tf.Tensor, entries), ...d.slice(1).map(list)],
      };
    },
  };
}

const GRAD_CASES: GradCase[] = [
  productCase(
    'spmv',
    (m, n) => ({ dense: [[n]], dy: [m] }),
    (A, x) => spmv(A, x as tf.Tensor1D),
    (Ad, x) => tf.reshape(tf.matMul(Ad, tf.reshape(x, [Ad.shape[1], 1])), [Ad.shape[0]]),
  ),
  productCase(
    'spmm',
    (m, n, k) => ({ dense: [[n, k]], dy: [m, k] }),
    (A, B) => spmm(A, B as tf.Tensor2D),
    (Ad, B) => tf.matMul(Ad, B as tf.Tensor2D),
  ),
  productCase(
    'sddmm',
    (m, n, k) => ({
      dense: [
        [m, k],
        [k, n],
      ],
      dy: [m, n],
    }),
    (S, A, B) => sddmm(S, A as tf.Tensor2D, B as tf.Tensor2D),
    (Sd, A, B) => tf.mul(Sd, tf.matMul(A as tf.Tensor2D, B as tf.Tensor2D)),
  ),
  {
    name: 'sparseToDense',
    run(seed, format) {
      const [m, n] = dims(seed) as [number, number];
      const { host, entries } = sparseMatrix(m, n, format, seed);
      const A = TfSparseTensor.fromSparseTensor(host);
      const dy = tf.tensor2d(f32(randomDense([m, n], { density: 1, seed: seed + 2 })), [m, n]);
      const s = tf.grad((v: tf.Tensor) => sparseToDense(A.withValues(v as tf.Tensor1D)))(
        A.values,
        dy,
      );
      return { sparse: [list(s)], dense: [sampled(dy, entries)] };
    },
  },
];

describe.each(['cpu', 'wasm'] as const)(
  'sparse gradients on %s equal dense tf.grads',
  (backend) => {
    it.each(GRAD_CASES.map((c) => [c.name, c] as const))('%s', async (_, gradCase) => {
      expect(await tf.setBackend(backend)).toBe(true);
      for (let k = 0; k < CASES; k++) {
        const format = MATRIX_FORMATS[k % MATRIX_FORMATS.length] as NamedFormat;
        const seed = 100 * k + gradCase.name.length;
        const before = tf.memory().numTensors;
        const result = tf.tidy(() => gradCase.run(seed, format));
        expect(tf.memory().numTensors, 'tensors balance').toBe(before);
        expect(result.sparse, `${gradCase.name} ${format} seed ${seed}`).toEqual(result.dense);
      }
    });
  },
);

describe('sparseDot and sparseOp gradients', () => {
  it('sparseDot with a dense and with a sparse right operand', async () => {
    await tf.setBackend('cpu');
    tf.tidy(() => {
      const a = TfSparseTensor.fromDense(tf.tensor1d([0, 1.5, 0, -2, 0.25]), 'sparse-vector');
      const bDense = tf.tensor1d([2, 0, 3, 0.5, -1]);
      const b = TfSparseTensor.fromDense(bDense, 'sparse-vector');
      const dy = tf.scalar(0.5);
      const [da, db] = tf.grads((va: tf.Tensor, x: tf.Tensor) =>
        sparseDot(a.withValues(va as tf.Tensor1D), x),
      )([a.values, bDense], dy);
      // a's stored entries are at 1, 3, 4: d/da = dy * b there; d/db = dy * dense(a).
      expect(list(da as tf.Tensor)).toEqual([0, 0.25, -0.5]);
      expect(list(db as tf.Tensor)).toEqual([0, 0.75, 0, -1, 0.125]);
      const [dva, dvb] = tf.grads((va: tf.Tensor, vb: tf.Tensor) =>
        sparseDot(a.withValues(va as tf.Tensor1D), b.withValues(vb as tf.Tensor1D)),
      )([a.values, b.values], dy);
      expect(list(dva as tf.Tensor)).toEqual([0, 0.25, -0.5]);
      // b's stored entries are at 0, 2, 3, 4.
      expect(list(dvb as tf.Tensor)).toEqual([0, 0, -1, 0.125]);
    });
  });

  it('a sum of products with constants, negation and a repeated operand', async () => {
    await tf.setBackend('cpu');
    tf.tidy(() => {
      const op = sparseOp('y(i) = A(i,j) * x(j) - 2 * (b(i) + c(i)) * b(i)', { A: 'CSR' });
      const Ad = tf.tensor2d([1, 0, 2, 0, 0, 3], [2, 3]);
      const A = TfSparseTensor.fromDense(Ad, 'CSR');
      const x = tf.tensor1d([1, 2, 3]);
      const b = tf.tensor1d([0.5, -1]);
      const c = tf.tensor1d([2, 0.25]);
      const dy = tf.tensor1d([1, -0.5]);
      const sparse = tf.grads((v: tf.Tensor, xx: tf.Tensor, bb: tf.Tensor, cc: tf.Tensor) =>
        op(A.withValues(v as tf.Tensor1D), xx, bb, cc),
      )([A.values, x, b, c], dy);
      const dense = tf.grads((a: tf.Tensor, xx: tf.Tensor, bb: tf.Tensor, cc: tf.Tensor) =>
        tf.sub(
          tf.reshape(tf.matMul(a as tf.Tensor2D, tf.reshape(xx, [3, 1])), [2]),
          tf.mul(tf.mul(2, tf.add(bb, cc)), bb),
        ),
      )([Ad, x, b, c], dy);
      expect(list(sparse[0] as tf.Tensor)).toEqual(sampled(dense[0] as tf.Tensor, [0, 2, 5]));
      for (const k of [1, 2, 3])
        expect(list(sparse[k] as tf.Tensor)).toEqual(list(dense[k] as tf.Tensor));
    });
  });

  it('spmv matches central differences in the values and in x', async () => {
    await tf.setBackend('cpu');
    const A = TfSparseTensor.fromDense(tf.tensor2d([0.5, 0, -1, 0, 2, 0.25], [2, 3]), 'DCSR');
    const x = tf.tensor1d([1, -0.5, 2]);
    const dy = tf.tensor1d([0.75, -1.5]);
    const f = (v: tf.Tensor, xx: tf.Tensor) => spmv(A.withValues(v as tf.Tensor1D), xx);
    const objective = (v: number[], xx: number[]) =>
      tf.tidy(() => tf.sum(tf.mul(f(tf.tensor1d(v), tf.tensor1d(xx)), dy)).dataSync()[0] as number);
    const v0 = Array.from(A.values.dataSync());
    const x0 = Array.from(x.dataSync());
    const h = 0.125;
    const numeric = (which: 0 | 1) =>
      (which === 0 ? v0 : x0).map((_, k) => {
        const shift = (s: number) => {
          const a = v0.slice();
          const b = x0.slice();
          (which === 0 ? a : b)[k]! += s;
          return objective(a, b);
        };
        return (shift(h) - shift(-h)) / (2 * h);
      });
    const [dv, dx] = tf.grads(f)([A.values, x], dy);
    Array.from(dv!.dataSync()).forEach((g, k) => {
      expect(g).toBeCloseTo(numeric(0)[k]!, 4);
    });
    Array.from(dx!.dataSync()).forEach((g, k) => {
      expect(g).toBeCloseTo(numeric(1)[k]!, 4);
    });
    tf.dispose([dv!, dx!, x, dy]);
    A.dispose();
  });

  it('a *= kernel is a typed error naming the expression', async () => {
    await tf.setBackend('cpu');
    tf.tidy(() => {
      const op = sparseOp('y(i) *= A(i,j) * x(j)', { A: 'CSR' });
      const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0], [2, 2]), 'CSR');
      const run = () =>
        tf.grad((xx: tf.Tensor) => op(A, xx))(tf.tensor1d([1, 2]), tf.tensor1d([1, 1]));
      expect(run).toThrow(SparseGradientError);
      expect(run).toThrow(/Not differentiable: y\(i\) \*= A\(i,j\) \* x\(j\)/);
    });
  });
});
