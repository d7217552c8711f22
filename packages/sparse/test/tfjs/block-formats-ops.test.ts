/**
 * Block sparse (BSR) and 2:4 weights in tfjs on the host backends (cpu, wasm): `sparseOp` over
 * the weight's level tensor (`toLevelTensor`, MLIR's `reinterpret_map`), the dense operand
 * reshaped to the split dimension, equals a plain matrix product (seeded); a `TfSparseTensor`
 * refuses a block format (spmm and spmv take the host tensor: block-products.test.ts). The
 * tensor count balances.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { blockSparseFormat, SparseTensor, structuredFormat } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';
import { sparseOp, TfSparseTensor } from '../../src/tfjs/index.js';
import { matmul } from '../support/dense-references.js';

/** A random matrix keeping at most `n` non-zeros per group of `m` columns (small integers). */
function randomWeight(rows: number, cols: number, n: number, m: number, next: () => number) {
  const out = new Float32Array(rows * cols);
  for (let g = 0; g < (rows * cols) / m; g++) {
    let kept = 0;
    for (let o = 0; o < m; o++) {
      if (kept < n && next() < 0.5) {
        out[g * m + o] = 1 + Math.floor(next() * 9);
        kept++;
      }
    }
  }
  return out;
}

describe.each(['cpu', 'wasm'] as const)('block and 2:4 weights on %s', (backend) => {
  const bsr = sparseOp('C(ib,ii,k) = A(ib,jb,ii,jj) * B(jb,jj,k)', {
    A: ['dense', 'compressed', 'dense', 'dense'],
  });
  const nm = sparseOp('C(i,k) = A(i,jb,jj) * B(jb,jj,k)', {
    A: ['dense', 'dense', 'structured[2, 4]'],
  });

  it('sparseOp over the level tensor equals a plain matrix product (seeded)', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const next = seededRandom(3621);
    for (let trial = 0; trial < 8; trial++) {
      const rows = 4 * (1 + Math.floor(next() * 3));
      const cols = 4 * (1 + Math.floor(next() * 3));
      const p = 1 + Math.floor(next() * 4);
      const dense = randomWeight(rows, cols, 2, 4, next);
      const b = Float32Array.from({ length: cols * p }, () => Math.floor(next() * 8) - 4);
      const want = Array.from(matmul(dense, b, rows, cols, p));
      const A = SparseTensor.fromDense(dense, [rows, cols], blockSparseFormat([2, 2]));
      const S = SparseTensor.fromDense(dense, [rows, cols], structuredFormat(2, 4));
      const got = tf.tidy(() => {
        const B = tf.tensor2d(b, [cols, p]);
        const viaBlocks = tf.reshape(bsr(A.toLevelTensor(), tf.reshape(B, [cols / 2, 2, p])), [
          rows,
          p,
        ]);
        const viaGroups = nm(S.toLevelTensor(), tf.reshape(B, [cols / 4, 4, p]));
        return [Array.from(viaBlocks.dataSync()), Array.from(viaGroups.dataSync())];
      });
      expect(got[0], `BSR trial ${trial}`).toEqual(want);
      expect(got[1], `2:4 trial ${trial}`).toEqual(want);
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  it('fromTensors wraps one level per dimension; fromDense keeps a block format', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const B = tf.ones([4, 3]) as tf.Tensor2D;
    const W = TfSparseTensor.fromDense(B, blockSparseFormat([2, 1]));
    expect(W.format.expressions).toBeDefined();
    expect(() => TfSparseTensor.fromTensors([4, 3], blockSparseFormat([2, 1]), W)).toThrow(
      expect.objectContaining({ name: 'SparseFormatError', argument: 'format' }),
    );
    W.dispose();
    B.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
