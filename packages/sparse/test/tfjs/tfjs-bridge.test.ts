/**
 * The tfjs bridge: sparse ops registered as cpu kernels, equal to tfjs' own dense ops on
 * exact-in-binary data, usable inside tf.tidy without leaking tensors.
 */
import '@tensorflow/tfjs-backend-cpu';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { SparseFormatError, SparseTensor, SparsifyError } from '../../src/index.js';
import {
  sddmm,
  sparseDot,
  sparseOp,
  sparseTensorFromTensor,
  spmm,
  spmv,
  tensorFromSparse,
} from '../../src/tfjs/index.js';
import { randomDense } from '../sparsify/fixtures.js';
import '../../src/tfjs/register-cpu.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** A random dense matrix with exact quarter values (so f32 sums are order-independent). */
function matrix(rows: number, cols: number, density: number, seed: number): tf.Tensor2D {
  return tf.tensor2d(Float32Array.from(randomDense([rows, cols], { density, seed })), [rows, cols]);
}

const values = (t: tf.Tensor): number[] => Array.from(t.dataSync(), (v) => (v === 0 ? 0 : v));

describe('ready-made ops equal tfjs dense ops', () => {
  it.each(['CSR', 'CSC', 'DCSR', 'COO'] as const)('spmv and spmm with %s', (format) => {
    tf.tidy(() => {
      const dense = matrix(37, 29, 0.2, 1);
      const A = sparseTensorFromTensor(dense, format);
      const x = matrix(29, 1, 1, 2);
      expect(values(spmv(A, tf.reshape(x, [29])))).toEqual(
        values(tf.reshape(tf.matMul(dense, x), [37])),
      );
      const B = matrix(29, 6, 1, 3);
      expect(values(spmm(A, B))).toEqual(values(tf.matMul(dense, B)));
    });
  });

  it('sddmm samples A.B at the non-zeros of S', () => {
    tf.tidy(() => {
      const S = matrix(17, 13, 0.3, 4);
      const A = matrix(17, 5, 1, 5);
      const B = matrix(5, 13, 1, 6);
      const expected = tf.mul(S, tf.matMul(A, B));
      expect(values(sddmm(sparseTensorFromTensor(S, 'CSR'), A, B))).toEqual(values(expected));
    });
  });

  it('sparseDot with a dense or a sparse right operand', () => {
    tf.tidy(() => {
      const a = tf.reshape(matrix(1, 300, 0.1, 7), [300]);
      const b = tf.reshape(matrix(1, 300, 0.5, 8), [300]);
      const expected = tf.sum(tf.mul(a, b)).dataSync()[0];
      const sa = sparseTensorFromTensor(a, 'sparse-vector');
      expect(sparseDot(sa, b).dataSync()[0]).toBe(expected);
      expect(sparseDot(sa, sparseTensorFromTensor(b, 'sparse-vector')).dataSync()[0]).toBe(
        expected,
      );
      expect(sparseDot(sa, b).shape).toEqual([]);
    });
  });

  it('int32 tensors give int32 results', () => {
    tf.tidy(() => {
      const dense = tf.tensor2d([1, 0, 2, 0, 3, 0], [2, 3], 'int32');
      const y = spmv(sparseTensorFromTensor(dense, 'CSR'), tf.tensor1d([4, 5, 6], 'int32'));
      expect(y.dtype).toBe('int32');
      expect(Array.from(y.dataSync())).toEqual([16, 15]);
    });
  });
});

describe('sparseOp', () => {
  it('runs the stable SparseOp kernel, registered on cpu by register-cpu', () => {
    const op = sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { vectorLength: 4, engine: 'js' });
    expect(op.kernelName).toBe('SparseOp');
    expect(tf.getKernel(op.kernelName, 'cpu')).toBeDefined();
    expect(sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { vectorLength: 4, engine: 'js' })).toBe(
      op,
    );
  });

  it('runs on every engine with the same result', () => {
    const dense = matrix(19, 11, 0.3, 9);
    const A = sparseTensorFromTensor(dense, 'CSR');
    const x = tf.tensor1d(Float32Array.from(randomDense([11], { density: 1, seed: 10 })));
    const results = (['interpreter', 'js', 'wasm'] as const).map((engine) =>
      tf.tidy(() =>
        values(sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { engine, vectorLength: 8 })(A, x)),
      ),
    );
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    tf.dispose([dense, x]);
  });

  it('balances tf.memory().numTensors inside and outside tf.tidy', () => {
    const A = SparseTensor.fromDense(new Float32Array([1, 0, 2, 0]), [2, 2], 'CSR');
    const start = tf.memory().numTensors;
    const x = tf.tensor1d([1, 1]);
    const before = tf.memory().numTensors;
    tf.tidy(() => {
      spmv(A, x);
      spmv(A, x);
    });
    expect(tf.memory().numTensors).toBe(before);
    const kept = tf.tidy(() => spmv(A, x));
    expect(tf.memory().numTensors).toBe(before + 1);
    expect(Array.from(kept.dataSync())).toEqual([1, 2]);
    kept.dispose();
    x.dispose();
    expect(tf.memory().numTensors).toBe(start);
  });

  it('checks its operands', () => {
    const op = sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' });
    const A = SparseTensor.fromDense(new Float32Array([1, 0, 2, 0]), [2, 2], 'CSR');
    tf.tidy(() => {
      expect(() => op(A)).toThrow(/takes 2 operands \(A, x\), got 1/);
      expect(() => op(A, tf.tensor1d([1, 0], 'bool'))).toThrow(
        /Invalid operands\.x: expected a float32 or int32 tensor, got bool; convert it with tf\.cast/,
      );
      expect(() => op(A, tf.tensor1d([1, 2, 3]))).toThrow(SparsifyError);
      const csc = SparseTensor.fromDense(new Float32Array([1, 0, 2, 0]), [2, 2], 'CSC');
      expect(() => op(csc, tf.tensor1d([1, 2]))).toThrow(/does not match the kernel's/);
    });
  });
});

describe('ready-made ops reject a dense tensor where a SparseTensor is expected', () => {
  it('names the argument, the expected rank and how to convert', () => {
    tf.tidy(() => {
      const dense = tf.tensor2d([
        [1, 0],
        [0, 2],
      ]);
      const x = tf.tensor1d([1, 2]);
      expect(() => spmv(dense as unknown as SparseTensor, x)).toThrow(SparseFormatError);
      expect(() => spmv(dense as unknown as SparseTensor, x)).toThrow(
        "Invalid A: expected a rank-2 sparse tensor, got a dense tf.Tensor (float32, shape [2, 2]); convert it with TfSparseTensor.fromDense(A, 'CSR')",
      );
      expect(() => spmm(dense as unknown as SparseTensor, dense)).toThrow(
        /Invalid A: expected a rank-2 sparse tensor/,
      );
      expect(() => sddmm([1, 2] as unknown as SparseTensor, dense, dense)).toThrow(
        /Invalid S: expected a rank-2 sparse tensor, got an array of length 2$/,
      );
      expect(() => sparseDot(x as unknown as SparseTensor, x)).toThrow(
        /Invalid a: .*rank-1 sparse tensor.*TfSparseTensor.fromDense\(a, 'sparse-vector'\)/,
      );
      expect(() => spmv(undefined as unknown as SparseTensor, x)).toThrow(
        /Invalid A: expected a rank-2 sparse tensor, got undefined$/,
      );
    });
  });
});

describe('conversions', () => {
  it('round-trips tfjs tensors through SparseTensor', () => {
    tf.tidy(() => {
      const dense = matrix(7, 5, 0.4, 11);
      for (const format of ['CSR', 'CSC', 'DCSR', 'COO'] as const) {
        const s = sparseTensorFromTensor(dense, format, { crdWidth: 16 });
        expect(values(tensorFromSparse(s))).toEqual(values(dense));
      }
    });
  });
});

describe('entry points', () => {
  it('only src/tfjs imports tfjs', () => {
    const src = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'src');
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (path !== join(src, 'tfjs')) walk(path);
        } else if (/@tensorflow\//.test(readFileSync(path, 'utf8'))) {
          offenders.push(path);
        }
      }
    };
    walk(src);
    expect(offenders).toEqual([]);
  });
});
