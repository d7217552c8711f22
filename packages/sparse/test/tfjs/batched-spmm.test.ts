/**
 * `spmm` batched as `tf.matMul` users expect, on the cpu and wasm backends, against tfjs's own
 * batched `tf.matMul` of the dense matrices (values and gradients): one sparse matrix times a
 * dense batch `[b, k, n]`, and a batch of sparse matrices (an array) times one dense matrix or
 * a batch of them. Seeded random sizes and formats, empty batches' members included.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { type NamedFormat, SparseArgumentError, SparseTensor } from '../../src/index.js';
import { spmm, TfSparseTensor } from '../../src/tfjs/index.js';
import { randomDense, rng } from '../sparsify/fixtures.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { MATRIX_FORMATS } from './support/formats.js';
import { thrownLeavingNoTensor } from './support/thrown-leaving-no-tensor.js';

tf.env().set('IS_TEST', true);

const plain = (t: tf.Tensor): number[] => Array.from(t.dataSync(), (v) => (v === 0 ? 0 : v));

/** Seeded sizes: batch, rows, inner, columns; a format; sparse densities (0 now and then). */
function caseOf(seed: number) {
  const next = rng(seed);
  const size = (max: number) => 1 + Math.floor(next() * max);
  const batch = size(4);
  return {
    batch,
    m: size(9),
    k: size(9),
    n: size(5),
    format: MATRIX_FORMATS[seed % MATRIX_FORMATS.length] as NamedFormat,
    densities: Array.from({ length: batch }, (_, i) => ((seed + i) % 5 === 0 ? 0 : next() * 0.6)),
  };
}

/** Quarters (exact in float32, so every summation order agrees). */
const data = (shape: number[], density: number, seed: number) =>
  Float32Array.from(randomDense(shape, { density, seed }));

/** A TfSparseTensor of dense data (the source tensor freed). */
function onBackend(d: Float32Array, shape: number[], format: NamedFormat): TfSparseTensor {
  const source = tf.tensor(d, shape);
  const sparse = TfSparseTensor.fromDense(source, format);
  source.dispose();
  return sparse;
}

/** `sum(f(...) * W)` and its gradients, tidied; returns plain numbers. */
function valueAndGrads(f: (...xs: tf.Tensor[]) => tf.Tensor, xs: tf.Tensor[], W: tf.Tensor) {
  return tf.tidy(() => {
    const out = f(...xs);
    const grads = tf.grads((...ys: tf.Tensor[]) => tf.sum(tf.mul(f(...ys), W)))(xs);
    return { shape: out.shape, value: plain(out), grads: grads.map(plain) };
  });
}

for (const backend of ['cpu', 'wasm'] as const) {
  describe(`batched spmm on ${backend}`, () => {
    for (let seed = 1; seed <= 10; seed++) {
      const c = caseOf(seed);
      const label = `seed ${seed}: ${c.format}, b=${c.batch}, [${c.m}, ${c.k}] x [${c.k}, ${c.n}]`;

      it(`${label}: one sparse matrix times a dense batch equals tf.matMul (values, gradients)`, async () => {
        expect(await tf.setBackend(backend)).toBe(true);
        const before = tf.memory().numTensors;
        const Ad = tf.tensor2d(data([c.m, c.k], c.densities[0] as number, seed * 10), [c.m, c.k]);
        const A = TfSparseTensor.fromDense(Ad, c.format);
        const B = tf.tensor3d(data([c.batch, c.k, c.n], 1, seed * 10 + 1), [c.batch, c.k, c.n]);
        const W = tf.tensor3d(data([c.batch, c.m, c.n], 1, seed * 10 + 2), [c.batch, c.m, c.n]);
        const ours = valueAndGrads(
          (v, b) => spmm(A.withValues(v as tf.Tensor1D), b as tf.Tensor3D),
          [A.values, B],
          W,
        );
        // The reference: the dense matrix broadcast over the batch, its gradient gathered at
        // A's stored entries (A's own storage order, read through its dense positions).
        const reference = valueAndGrads(
          (a, b) =>
            tf.matMul(
              tf.tile(tf.expandDims(a as tf.Tensor2D, 0), [c.batch, 1, 1]),
              b as tf.Tensor3D,
            ),
          [Ad, B],
          W,
        );
        expect(ours.shape).toEqual([c.batch, c.m, c.n]);
        expect(ours.value).toEqual(reference.value);
        expect(ours.grads[1]).toEqual(reference.grads[1]);
        const host = await A.toSparseTensor();
        const entryGrads: number[] = [];
        const dense = reference.grads[0] as number[];
        for (const [i, j] of host.toCoordinates().coordinates)
          entryGrads.push(dense[(i as number) * c.k + (j as number)] as number);
        expect([...(ours.grads[0] as number[])].sort((x, y) => x - y)).toEqual(
          entryGrads.sort((x, y) => x - y),
        );
        tf.dispose([Ad, B, W]);
        A.dispose();
        expect(tf.memory().numTensors).toBe(before);
      });

      it(`${label}: a batch of sparse matrices times one dense matrix or a batch equals tf.matMul`, async () => {
        expect(await tf.setBackend(backend)).toBe(true);
        const before = tf.memory().numTensors;
        const dense = c.densities.map((d, i) => data([c.m, c.k], d, seed * 20 + i));
        // Host and backend sparse matrices mixed in one batch.
        const As = dense.map((d, i) =>
          i % 2 === 0
            ? SparseTensor.fromDense(d, [c.m, c.k], c.format)
            : onBackend(d, [c.m, c.k], c.format),
        );
        const stacked = tf.tensor3d(Float32Array.from(dense.flatMap((d) => Array.from(d))), [
          c.batch,
          c.m,
          c.k,
        ]);
        const B2 = tf.tensor2d(data([c.k, c.n], 1, seed * 20 + 7), [c.k, c.n]);
        const B3 = tf.tensor3d(data([c.batch, c.k, c.n], 1, seed * 20 + 8), [c.batch, c.k, c.n]);
        const W = tf.tensor3d(data([c.batch, c.m, c.n], 1, seed * 20 + 9), [c.batch, c.m, c.n]);
        const shared = valueAndGrads((b) => spmm(As, b as tf.Tensor2D), [B2], W);
        const sharedRef = valueAndGrads(
          (b) => tf.matMul(stacked, tf.tile(tf.expandDims(b as tf.Tensor2D, 0), [c.batch, 1, 1])),
          [B2],
          W,
        );
        expect(shared.shape).toEqual([c.batch, c.m, c.n]);
        expect(shared.value).toEqual(sharedRef.value);
        expect(shared.grads).toEqual(sharedRef.grads);
        const each = valueAndGrads((b) => spmm(As, b as tf.Tensor3D), [B3], W);
        const eachRef = valueAndGrads((b) => tf.matMul(stacked, b as tf.Tensor3D), [B3], W);
        expect(each.value).toEqual(eachRef.value);
        expect(each.grads).toEqual(eachRef.grads);
        tf.dispose([stacked, B2, B3, W]);
        for (const A of As) if (A instanceof TfSparseTensor) A.dispose();
        expect(tf.memory().numTensors).toBe(before);
      });
    }
  });
}

describe('batched spmm: types and bad batches', () => {
  it('is typed Tensor3D for a batch and Tensor2D for one matrix', async () => {
    await tf.setBackend('cpu');
    tf.tidy(() => {
      const A = SparseTensor.fromDense(Float32Array.from([1, 0, 0, 2]), [2, 2], 'CSR');
      const one = spmm(A, tf.tensor2d([1, 2, 3, 4], [2, 2]));
      const batch = spmm(A, tf.tensor3d([1, 2, 3, 4, 5, 6, 7, 8], [2, 2, 2]));
      const sparseBatch = spmm(
        [A, A],
        [
          [1, 0],
          [0, 1],
        ],
      );
      expectTypeOf(one).toEqualTypeOf<tf.Tensor2D>();
      expectTypeOf(batch).toEqualTypeOf<tf.Tensor3D>();
      expectTypeOf(sparseBatch).toEqualTypeOf<tf.Tensor3D>();
      expect(plain(batch)).toEqual([1, 2, 6, 8, 5, 6, 14, 16]);
      expect(plain(sparseBatch)).toEqual([1, 0, 0, 2, 1, 0, 0, 2]);
    });
  });

  const A = SparseTensor.fromDense(Float32Array.from([1, 0, 0, 2, 3, 0]), [2, 3], 'CSR');
  const other = SparseTensor.fromDense(Float32Array.from([1, 0, 0, 2]), [2, 2], 'CSR');
  /** A zero tensor typed by no rank, so every call reaches the checks at runtime. */
  const zeros = (shape: number[]): tf.Tensor => tf.zeros(shape);
  const CASES: readonly [string, () => unknown, string][] = [
    ['a batch whose middle extent is not A’s column count', () => spmm(A, zeros([2, 2, 4])), 'B'],
    ['an empty array of sparse matrices', () => spmm([], zeros([3, 4])), 'A'],
    [
      'a dense tensor inside the sparse batch',
      () => spmm([A, zeros([2, 3]) as never], zeros([3, 4])),
      'A[1]',
    ],
    ['sparse matrices of different shapes', () => spmm([A, other], zeros([3, 4])), 'A[1]'],
    ['fewer dense matrices than sparse ones', () => spmm([A, A, A], zeros([2, 3, 4])), 'B'],
    ['a rank-4 dense operand', () => spmm([A], zeros([1, 1, 3, 4])), 'B'],
  ];
  for (const [what, call, argument] of CASES) {
    it(`${what}: a typed error naming ${argument}, no tensor left`, async () => {
      await tf.setBackend('cpu');
      const error = thrownLeavingNoTensor(() => tf.tidy(() => void call()));
      // SparsifyError for a bad batch, SparseFormatError for a member that is not sparse.
      expect(error).toBeInstanceOf(SparseArgumentError);
      expect((error as SparseArgumentError).argument).toBe(argument);
    });
  }
});
