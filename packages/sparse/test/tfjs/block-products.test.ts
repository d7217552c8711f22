/**
 * `spmm`, `spmv` and `sparseOp` with a block sparse (BSR) or n:m structured weight (a host `SparseTensor`)
 * on the cpu and wasm backends: equal to dense `tf.matMul` on seeded random weights (empty
 * block rows included), batched like the CSR ops, with the gradients w.r.t. the dense operand
 * equal to dense tfjs's; without the compiler installed, a SparsifyError naming its import.
 * The tensor count balances, error paths included.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  blockSparseFormat,
  type FormatSpec,
  SparseTensor,
  structuredFormat,
} from '../../src/index.js';
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

/** A random weight in `format` (BSR blocks or n:m groups), with its dense data. */
function randomWeight(
  kind: 'bsr' | 'nm',
  next: () => number,
  dtype: 'float32' | 'int32',
): { A: SparseTensor; dense: Float32Array; rows: number; cols: number; format: FormatSpec } {
  if (kind === 'bsr') {
    const r = 1 + Math.floor(next() * 3);
    const c = 1 + Math.floor(next() * 3);
    const rows = r * (1 + Math.floor(next() * 4));
    const cols = c * (1 + Math.floor(next() * 4));
    const dense = randomMatrix(rows, cols, next() * 0.6, next);
    // Some block rows empty.
    if (next() < 0.5) dense.fill(0, 0, r * cols);
    const blockRows = next() < 0.5 ? 'dense' : 'compressed';
    const format = blockSparseFormat([r, c], { blockRows });
    return {
      A: SparseTensor.fromDense(dense, [rows, cols], format, { dtype }),
      dense,
      rows,
      cols,
      format,
    };
  }
  const rows = 1 + Math.floor(next() * 6);
  const cols = 4 * (1 + Math.floor(next() * 3));
  const dense = pruned(randomMatrix(rows, cols, next(), next), rows, cols, 2, 4);
  const format = structuredFormat(2, 4);
  return {
    A: SparseTensor.fromDense(dense, [rows, cols], format, { dtype }),
    dense,
    rows,
    cols,
    format,
  };
}

const list = (t: tf.Tensor) => Array.from(t.dataSync(), (v) => (v === 0 ? 0 : v));

describe.each(['cpu', 'wasm'] as const)(
  'block and 2:4 weights in spmm and spmv on %s',
  (backend) => {
    it.each(['bsr', 'nm'] as const)(
      '%s: spmm, spmv and sparseOp equal tf.matMul (seeded, float32 and int32)',
      async (kind) => {
        expect(await tf.setBackend(backend)).toBe(true);
        const before = tf.memory().numTensors;
        const next = seededRandom(kind === 'bsr' ? 4201 : 4202);
        for (let trial = 0; trial < 8; trial++) {
          const dtype = trial % 2 === 0 ? 'float32' : 'int32';
          const { A, dense, rows, cols, format } = randomWeight(kind, next, dtype);
          const p = 1 + Math.floor(next() * 4);
          const b = randomMatrix(cols, p, 0.8, next);
          const op = sparseOp('C(i,k) = A(i,j) * B(j,k)', { A: format });
          const [got, want] = tf.tidy(() => {
            // The reference computes in float32 (wasm's matMul takes no int32); the values
            // are small integers, exact either way.
            const Ad = tf.tensor2d(dense, [rows, cols]);
            const B = tf.tensor2d(b, [cols, p], dtype);
            const x = tf.tensor1d(b.subarray(0, cols), dtype);
            const batch = tf.stack([B, tf.neg(B)]) as tf.Tensor3D;
            const ours = [spmm(A, B), spmv(A, x), spmm(A, batch), spmm([A, A], batch), op(A, B)];
            const dense2 = tf.matMul(Ad, tf.cast(B, 'float32'));
            const column = tf.reshape(tf.cast(x, 'float32'), [cols, 1]) as tf.Tensor2D;
            const theirs = [
              dense2,
              tf.reshape(tf.matMul(Ad, column), [rows]),
              tf.stack([dense2, tf.neg(dense2)]),
              tf.stack([dense2, tf.neg(dense2)]),
              dense2,
            ];
            expect(ours.map((t) => t.dtype)).toEqual(ours.map(() => dtype));
            return [ours.map(list), theirs.map(list)];
          });
          expect(got, `${kind} trial ${trial} (${dtype})`).toEqual(want);
        }
        expect(tf.memory().numTensors).toBe(before);
      },
    );

    it.each(['bsr', 'nm'] as const)(
      '%s: gradients w.r.t. B and x equal dense tfjs',
      async (kind) => {
        expect(await tf.setBackend(backend)).toBe(true);
        const before = tf.memory().numTensors;
        const next = seededRandom(kind === 'bsr' ? 4211 : 4212);
        for (let trial = 0; trial < 4; trial++) {
          const { A, dense, rows, cols } = randomWeight(kind, next, 'float32');
          const p = 1 + Math.floor(next() * 3);
          const [got, want] = tf.tidy(() => {
            const Ad = tf.tensor2d(dense, [rows, cols]);
            const B = tf.tensor2d(randomMatrix(cols, p, 1, next), [cols, p]);
            const x = tf.tensor1d(randomMatrix(cols, 1, 1, next));
            const dC = tf.tensor2d(randomMatrix(rows, p, 1, next), [rows, p]);
            const dy = tf.tensor1d(randomMatrix(rows, 1, 1, next));
            const column = (v: tf.Tensor) => tf.reshape(v, [cols, 1]) as tf.Tensor2D;
            const ours = [
              tf.grad((b: tf.Tensor) => spmm(A, b as tf.Tensor2D))(B, dC),
              tf.grad((v: tf.Tensor) => spmv(A, v as tf.Tensor1D))(x, dy),
            ];
            const theirs = [
              tf.grad((b: tf.Tensor) => tf.matMul(Ad, b as tf.Tensor2D))(B, dC),
              tf.grad((v: tf.Tensor) => tf.reshape(tf.matMul(Ad, column(v)), [rows]))(x, dy),
            ];
            return [ours.map(list), theirs.map(list)];
          });
          expect(got, `${kind} trial ${trial}`).toEqual(want);
        }
        expect(tf.memory().numTensors).toBe(before);
      },
    );

    it('typed errors: a mismatched B, the compiler not installed, other ops; nothing leaks', async () => {
      expect(await tf.setBackend(backend)).toBe(true);
      const before = tf.memory().numTensors;
      const A = onesIn2x3Blocks();
      const B = tf.ones([5, 2]) as tf.Tensor2D;
      expect(() => spmm(A, B)).toThrow(
        expect.objectContaining({ name: 'SparsifyError', argument: 'operands.B' }),
      );
      const good = tf.ones([6, 2]) as tf.Tensor2D;
      // As in an app that did not import the compiler: no rewrite, block product or compiler.
      installSparseCompiler(undefined);
      installLevelSpaceRewrite(undefined);
      installBlockProduct(undefined);
      try {
        expect(() => spmm(A, good)).toThrow(SPARSE_COMPILER_ENTRY);
        expect(() => spmv(A, [1, 2, 3, 4, 5, 6])).toThrow(
          expect.objectContaining({ name: 'SparsifyError', argument: 'operands' }),
        );
      } finally {
        installSparseCompilerRoute();
      }
      // Ops that walk one level per dimension name the ops that take a block weight.
      const S = tf.ones([4, 2]) as tf.Tensor2D;
      const T = tf.ones([2, 6]) as tf.Tensor2D;
      expect(() => sddmm(A, S, T)).toThrow(/spmm and spmv/);
      tf.dispose([B, good, S, T]);
      expect(tf.memory().numTensors).toBe(before);
    });

    it("A's values: the level tensor on the backend, differentiated through sparseOp over its levels", async () => {
      expect(await tf.setBackend(backend)).toBe(true);
      const before = tf.memory().numTensors;
      const next = seededRandom(4221);
      const op = sparseOp('C(ib,ii,k) = A(ib,jb,ii,jj) * B(jb,jj,k)', {
        A: ['dense', 'compressed', 'dense', 'dense'],
      });
      let checked = 0;
      for (let trial = 0; trial < 8; trial++) {
        const { A, dense, rows, cols } = randomWeight('bsr', next, 'float32');
        const [r, c] = [A.levelSizes[2] as number, A.levelSizes[3] as number];
        if (A.format.levels[0] !== 'dense') continue;
        const p = 1 + Math.floor(next() * 3);
        const levels = TfSparseTensor.fromSparseTensor(A.toLevelTensor());
        // The stored entries' dense indices, in storage order (the order of the values).
        const entries = A.toLevelTensor()
          .toCoordinates()
          .coordinates.map(
            ([ib = 0, jb = 0, ii = 0, jj = 0]) => (ib * r + ii) * cols + jb * c + jj,
          );
        const [got, want] = tf.tidy(() => {
          const B = tf.tensor2d(randomMatrix(cols, p, 1, next), [cols, p]);
          const dC = tf.tensor2d(randomMatrix(rows, p, 1, next), [rows, p]);
          const Bl = tf.reshape(B, [cols / c, c, p]);
          const dCl = tf.reshape(dC, [rows / r, r, p]);
          const dv = tf.grad((v: tf.Tensor) => op(levels.withValues(v as tf.Tensor1D), Bl))(
            levels.values,
            dCl,
          );
          const dA = tf.grad((a: tf.Tensor) => tf.matMul(a as tf.Tensor2D, B))(
            tf.tensor2d(dense, [rows, cols]),
            dC,
          );
          const flat = dA.dataSync();
          return [list(dv), entries.map((k) => (flat[k] === 0 ? 0 : flat[k]))];
        });
        levels.dispose();
        expect(got, `trial ${trial}`).toEqual(want);
        checked++;
      }
      expect(checked).toBeGreaterThan(2);
      expect(tf.memory().numTensors).toBe(before);
    });
  },
);
