/**
 * `spmm` and `spmv` with a block sparse (BSR) or 2:4 host weight on a GPU backend: the compiled
 * level-space kernel equals plain loops on seeded random weights (empty block rows included),
 * the gradient with respect to `B` too (`Aᵀ dC`), and the tensor count balances.
 */
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  blockSparseFormat,
  type FormatSpec,
  SparseTensor,
  structuredFormat,
} from '../../src/sparse-tensor/index.js';
import { lastSparseKernelRun, spmm, spmv } from '../../src/tfjs/index.js';
import { matmul, pruned, randomMatrix } from '../support/dense-references.js';
import type { GpuSuiteBackend } from './sparse-suite.js';

const list = async (t: tf.Tensor) => Array.from(await t.data(), (v) => (v === 0 ? 0 : v));

/** Runs the block-weight cases on `backend`. */
export function describeBlockProducts(backend: GpuSuiteBackend): void {
  describe(`block and 2:4 weights in spmm and spmv on ${backend.name}`, () => {
    it('equal plain loops, with gradients w.r.t. B (seeded)', async () => {
      expect(await tf.setBackend(backend.name)).toBe(true);
      backend.prepare?.();
      const paths = new Set<string>();
      const before = tf.memory().numTensors;
      const next = seededRandom(4401);
      for (let trial = 0; trial < 6; trial++) {
        const bsr = trial % 2 === 0;
        const r = 1 + Math.floor(next() * 2);
        const c = bsr ? 1 + Math.floor(next() * 3) : 4;
        const rows = r * (1 + Math.floor(next() * 3));
        const cols = c * (1 + Math.floor(next() * 3));
        const p = 1 + Math.floor(next() * 3);
        const random = randomMatrix(rows, cols, 0.5, next);
        random.fill(0, 0, cols);
        const dense = bsr ? random : pruned(random, rows, cols, 2, 4);
        const format: FormatSpec = bsr ? blockSparseFormat([r, c]) : structuredFormat(2, 4);
        const A = SparseTensor.fromDense(dense, [rows, cols], format);
        const b = randomMatrix(cols, p, 1, next);
        const x = randomMatrix(cols, 1, 1, next);
        const dc = randomMatrix(rows, p, 1, next);
        // Plain loops: A B, A x and the gradient w.r.t. B, A^T dC (exact: small integers).
        const transposed = new Float32Array(cols * rows);
        for (let i = 0; i < rows; i++)
          for (let j = 0; j < cols; j++) transposed[j * rows + i] = dense[i * cols + j] as number;
        const want = [
          matmul(dense, b, rows, cols, p),
          matmul(dense, x, rows, cols, 1),
          matmul(transposed, dc, cols, rows, p),
        ].map((a) => Array.from(a, (v) => (v === 0 ? 0 : v)));
        const B = tf.tensor2d(b, [cols, p]);
        const dC = tf.tensor2d(dc, [rows, p]);
        const xs = tf.tensor1d(x);
        const C = spmm(A, B);
        const run = lastSparseKernelRun();
        // Only an empty operand (no stored block) stays on the host, as WebGL cannot hold it.
        paths.add(
          run?.path === 'host' && run.cause === 'empty-tensor' ? 'empty' : (run?.path ?? 'none'),
        );
        const results = [
          C,
          spmv(A, xs),
          tf.grad((v: tf.Tensor) => spmm(A, v as tf.Tensor2D))(B, dC),
        ];
        // Read asynchronously: WebGPU reads GPU data back only so.
        const got = await Promise.all(results.map(list));
        tf.dispose([B, dC, xs, ...results]);
        expect(got, `trial ${trial} (${bsr ? `BSR ${r}x${c}` : '2:4'})`).toEqual(want);
      }
      // The products run generated shader code (their outer loop, over block rows, is parallel).
      expect([...paths].filter((p) => p !== 'empty')).toEqual(['gpu']);
      expect(tf.memory().numTensors).toBe(before);
    });
  });
}
