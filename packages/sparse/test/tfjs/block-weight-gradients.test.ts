/**
 * A block sparse (BSR) or n:m structured weight held on the backend (`TfSparseTensor`):
 * `spmm`, `spmv` and `sparseOp` differentiate it with respect to its values (and `B` / `x`) on the cpu and
 * wasm backends. The gradients equal dense tfjs's formula sampled at the stored entries (stored
 * zeros of blocks and groups included) and central differences, on seeded weights; `toDense()`
 * and `toSparseTensor()` give the matrix back in dimension form; misuse is a typed error, and
 * the tensor count balances, error paths included.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { blockSparseFormat, SparseTensor, structuredFormat } from '../../src/index.js';
import { installSparseCompilerRoute } from '../../src/tfjs/compile-route.js';
import { installSparseCompiler, SPARSE_COMPILER_ENTRY } from '../../src/tfjs/compiled-kernel.js';
import { installLevelSpaceRewrite } from '../../src/tfjs/ops/block-product.js';
import { installBlockProduct } from '../../src/tfjs/ops/block-route.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { sddmm, sparseOp, spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import { pruned, randomMatrix } from '../support/dense-references.js';
import { onesIn2x3Blocks } from './support/block-weights.js';

tf.env().set('IS_TEST', true);

/** The weight patterns: BSR with 2x2 and 2x3 blocks (some block rows empty), and 2:4. */
const KINDS = ['bsr 2x2', 'bsr 2x3', 'bsr 2x2 compressed rows', '2:4'] as const;
type Kind = (typeof KINDS)[number];

/** A seeded weight of `kind`, with its dense data. */
function randomWeight(kind: Kind, next: () => number) {
  if (kind === '2:4') {
    const rows = 1 + Math.floor(next() * 5);
    const cols = 4 * (1 + Math.floor(next() * 3));
    const dense = pruned(randomMatrix(rows, cols, 0.4 + next() * 0.6, next), rows, cols, 2, 4);
    const A = SparseTensor.fromDense(dense, [rows, cols], structuredFormat(2, 4));
    return { A, dense, rows, cols };
  }
  const [r, c] = kind === 'bsr 2x3' ? [2, 3] : [2, 2];
  const rows = r * (2 + Math.floor(next() * 3));
  const cols = c * (1 + Math.floor(next() * 3));
  const dense = randomMatrix(rows, cols, 0.3 + next() * 0.5, next);
  // The first block row empty, and another one where the draw says so.
  dense.fill(0, 0, r * cols);
  if (next() < 0.5) dense.fill(0, (rows - r) * cols, rows * cols);
  const blockRows = kind === 'bsr 2x2 compressed rows' ? 'compressed' : 'dense';
  const A = SparseTensor.fromDense(dense, [rows, cols], blockSparseFormat([r, c], { blockRows }));
  return { A, dense, rows, cols };
}

/**
 * The row-major dense index of each stored entry, in storage order (the values' order), read
 * from the level coordinates through the format's dimension-to-level map.
 */
function storedEntries(A: SparseTensor): number[] {
  const { order, expressions } = A.format;
  const cols = A.shape[1] as number;
  return A.toLevelTensor()
    .toCoordinates()
    .coordinates.map((levelCoords) => {
      const dims = [0, 0];
      levelCoords.forEach((c, l) => {
        const d = order[l] as number;
        const e = expressions?.[l];
        dims[d] = (dims[d] as number) + (e?.op === 'floordiv' ? c * e.by : c);
      });
      return (dims[0] as number) * cols + (dims[1] as number);
    });
}

const list = (t: tf.Tensor) => Array.from(t.dataSync());

/** Every element of `got` within `tol` (relative to the magnitude) of `want`. */
function expectClose(got: number[], want: number[], tol: number, what: string): void {
  expect(got.length, what).toBe(want.length);
  got.forEach((g, k) => {
    const w = want[k] as number;
    expect(Math.abs(g - w), `${what} [${k}]: ${g} vs ${w}`).toBeLessThanOrEqual(
      tol * (1 + Math.abs(w)),
    );
  });
}

describe.each(['cpu', 'wasm'] as const)('a block or 2:4 TfSparseTensor weight on %s', (backend) => {
  it.each(KINDS)(
    "%s: spmm's and spmv's gradients w.r.t. A's values and B / x equal dense tfjs",
    async (kind) => {
      expect(await tf.setBackend(backend)).toBe(true);
      const before = tf.memory().numTensors;
      const next = seededRandom(4301 + KINDS.indexOf(kind));
      for (let trial = 0; trial < 5; trial++) {
        const { A, dense, rows, cols } = randomWeight(kind, next);
        const W = TfSparseTensor.fromSparseTensor(A);
        expect(W.format).toEqual(
          expect.objectContaining({ levels: A.format.levels, expressions: A.format.expressions }),
        );
        expect(W.shape).toEqual(A.shape);
        const entries = storedEntries(A);
        expect(entries.length).toBe(A.nnz);
        const p = 1 + Math.floor(next() * 3);
        const b = randomMatrix(cols, p, 1, next);
        const dc = randomMatrix(rows, p, 1, next);
        const xv = randomMatrix(cols, 1, 1, next);
        const dyv = randomMatrix(rows, 1, 1, next);
        const [got, want] = tf.tidy(() => {
          const B = tf.tensor2d(b, [cols, p]);
          const dC = tf.tensor2d(dc, [rows, p]);
          const x = tf.tensor1d(xv);
          const dy = tf.tensor1d(dyv);
          const Ad = tf.tensor2d(dense, [rows, cols]);
          const [dvM, dB] = tf.grads((v: tf.Tensor, m: tf.Tensor) =>
            spmm(W.withValues(v as tf.Tensor1D), m as tf.Tensor2D),
          )([W.values, B], dC);
          const [dvV, dx] = tf.grads((v: tf.Tensor, u: tf.Tensor) =>
            spmv(W.withValues(v as tf.Tensor1D), u as tf.Tensor1D),
          )([W.values, x], dy);
          // Dense formula: dA = dC Bᵀ (outer product dy xᵀ for spmv), sampled at A's entries.
          const dAm = tf.matMul(dC, B, false, true).dataSync();
          const dAv = tf.outerProduct(dy, x).dataSync();
          const sample = (flat: ArrayLike<number>) => entries.map((k) => flat[k] as number);
          return [
            [
              list(dvM as tf.Tensor),
              list(dB as tf.Tensor),
              list(dvV as tf.Tensor),
              list(dx as tf.Tensor),
            ],
            [
              sample(dAm),
              list(tf.matMul(Ad, dC, true, false)),
              sample(dAv),
              list(tf.reshape(tf.matMul(Ad, tf.reshape(dy, [rows, 1]), true, false), [cols])),
            ],
          ];
        });
        ['dA (spmm)', 'dB', 'dA (spmv)', 'dx'].forEach((what, k) => {
          expectClose(
            got[k] as number[],
            want[k] as number[],
            1e-5,
            `${kind} trial ${trial} ${what}`,
          );
        });
        W.dispose();
      }
      expect(tf.memory().numTensors).toBe(before);
    },
  );

  it.each(KINDS)("%s: the gradient w.r.t. A's values equals central differences", async (kind) => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const next = seededRandom(4311 + KINDS.indexOf(kind));
    for (let trial = 0; trial < 3; trial++) {
      const { A, rows, cols } = randomWeight(kind, next);
      const W = TfSparseTensor.fromSparseTensor(A);
      const p = 1 + Math.floor(next() * 3);
      const b = randomMatrix(cols, p, 1, next);
      const dc = randomMatrix(rows, p, 1, next);
      const values = Float32Array.from(A.values as Float32Array);
      const loss = (v: Float32Array) =>
        tf.tidy(() => {
          const C = spmm(W.withValues(tf.tensor1d(v)), tf.tensor2d(b, [cols, p]));
          return tf.sum(tf.mul(C, tf.tensor2d(dc, [rows, p]))).dataSync()[0] as number;
        });
      const analytic = tf.tidy(() =>
        list(
          tf.grad((v: tf.Tensor) =>
            tf.sum(
              tf.mul(
                spmm(W.withValues(v as tf.Tensor1D), tf.tensor2d(b, [cols, p])),
                tf.tensor2d(dc, [rows, p]),
              ),
            ),
          )(W.values),
        ),
      );
      const h = 0.25;
      const numeric = Array.from(values, (_, k) => {
        const up = values.slice();
        const down = values.slice();
        up[k] = (up[k] as number) + h;
        down[k] = (down[k] as number) - h;
        return (loss(up) - loss(down)) / (2 * h);
      });
      expectClose(analytic, numeric, 1e-3, `${kind} trial ${trial}`);
      W.dispose();
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  it.each(KINDS)(
    '%s: toDense(), sparseToDense and toSparseTensor() give the dimension form',
    async (kind) => {
      expect(await tf.setBackend(backend)).toBe(true);
      const before = tf.memory().numTensors;
      const next = seededRandom(4321 + KINDS.indexOf(kind));
      for (let trial = 0; trial < 4; trial++) {
        const { A, dense, rows, cols } = randomWeight(kind, next);
        const W = TfSparseTensor.fromSparseTensor(A);
        const D = W.toDense();
        expect(D.shape).toEqual([rows, cols]);
        expect(list(D)).toEqual(Array.from(dense));
        const back = await W.toSparseTensor();
        expect(back.format).toEqual(
          expect.objectContaining({ levels: A.format.levels, order: A.format.order }),
        );
        expect(back.format.expressions).toEqual(A.format.expressions);
        expect(Array.from(back.values as Float32Array)).toEqual(
          Array.from(A.values as Float32Array),
        );
        expect(Array.from(back.toDense() as Float32Array)).toEqual(Array.from(dense));
        // The other constructors keep the format too.
        const Dt = tf.tensor2d(dense, [rows, cols]);
        const fromDense = TfSparseTensor.fromDense(Dt, A.format);
        expect(fromDense.format.expressions).toEqual(A.format.expressions);
        expect(list(fromDense.values)).toEqual(Array.from(A.values as Float32Array));
        tf.dispose([D, Dt]);
        fromDense.dispose();
        W.dispose();
      }
      expect(tf.memory().numTensors).toBe(before);
    },
  );

  it("sparseOp given the block format takes the TfSparseTensor (values' gradient too); another block size is a typed error", async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const next = seededRandom(4331);
    const op = sparseOp('C(i,k) = A(i,j) * B(j,k)', { A: blockSparseFormat([2, 2]) });
    for (let trial = 0; trial < 3; trial++) {
      const { A, dense, rows, cols } = randomWeight('bsr 2x2', next);
      const W = TfSparseTensor.fromSparseTensor(A);
      const entries = storedEntries(A);
      const [got, want] = tf.tidy(() => {
        const B = tf.tensor2d(randomMatrix(cols, 2, 1, next), [cols, 2]);
        const dC = tf.tensor2d(randomMatrix(rows, 2, 1, next), [rows, 2]);
        const C = op(W, B);
        const dv = tf.grad((v: tf.Tensor) => op(W.withValues(v as tf.Tensor1D), B))(W.values, dC);
        const dA = tf.matMul(dC, B, false, true).dataSync();
        return [
          [...list(C), ...list(dv)],
          [
            ...list(tf.matMul(tf.tensor2d(dense, [rows, cols]), B)),
            ...entries.map((k) => dA[k] as number),
          ],
        ];
      });
      expectClose(got as number[], want as number[], 1e-5, `trial ${trial}`);
      W.dispose();
    }
    const other = TfSparseTensor.fromSparseTensor(onesIn2x3Blocks());
    const B = tf.ones([6, 2]);
    expect(() => op(other, B)).toThrow(
      expect.objectContaining({ name: 'SparsifyError', argument: 'operands.A' }),
    );
    tf.dispose(B);
    other.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('typed errors: other ops, fromTensors, a mismatched B, a disposed weight, no compiler; nothing leaks', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const A = onesIn2x3Blocks();
    const W = TfSparseTensor.fromSparseTensor(A);
    const S = tf.ones([4, 2]);
    const T = tf.ones([2, 6]);
    const bad = tf.ones([5, 2]);
    const good = tf.ones([6, 2]) as tf.Tensor2D;
    expect(() => sddmm(W, S as tf.Tensor2D, T as tf.Tensor2D)).toThrow(
      expect.objectContaining({ name: 'SparseFormatError', argument: 'S' }),
    );
    expect(() => spmm(W, bad as tf.Tensor2D)).toThrow(
      expect.objectContaining({ name: 'SparsifyError', argument: 'operands.B' }),
    );
    expect(() => TfSparseTensor.fromTensors([4, 6], A.format, W)).toThrow(
      expect.objectContaining({ name: 'SparseFormatError', argument: 'format' }),
    );
    installSparseCompiler(undefined);
    installLevelSpaceRewrite(undefined);
    installBlockProduct(undefined);
    try {
      expect(() => spmm(W, good)).toThrow(SPARSE_COMPILER_ENTRY);
      expect(() => W.toDense()).toThrow(expect.objectContaining({ name: 'SparsifyError' }));
    } finally {
      installSparseCompilerRoute();
    }
    const V = TfSparseTensor.fromSparseTensor(A);
    V.dispose();
    expect(() => spmm(V, good)).toThrow(expect.objectContaining({ name: 'SparsifyError' }));
    tf.dispose([S, T, bad, good]);
    W.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
