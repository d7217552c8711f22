/**
 * TfSparseTensor: storage as tfjs tensors on the active backend, built from dense tensors, COO
 * triples, host SparseTensors or existing tensors; toDense on the backend; dispose and tf.tidy
 * account for every storage tensor; bad input is a typed error naming the argument.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import { KernelNotRegisteredError } from '@tilekit/tfjs-backend-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { SparseFormatError, SparseStorageError, SparseTensor } from '../../src/index.js';
import '../../src/tfjs/register-cpu.js';
import { sparseToDense, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import { randomDense } from '../sparsify/fixtures.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** tf.tidy returning a sparse tensor (tidy keeps every tensor of a returned object). */
const keptSparse = (fn: () => TfSparseTensor): TfSparseTensor =>
  tf.tidy(fn as unknown as () => tf.TensorContainer) as unknown as TfSparseTensor;

const dense = Float32Array.from(randomDense([9, 7], { density: 0.3, seed: 3, emptyRows: true }));

describe('TfSparseTensor', () => {
  it.each(['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'] as const)(
    'from a dense tensor, COO triples and a SparseTensor alike (%s)',
    async (format) => {
      const before = tf.memory().numTensors;
      const host = SparseTensor.fromDense(dense, [9, 7], format, { dtype: 'float32' });
      const coords = host.toCoordinates();
      const built = [
        keptSparse(() => TfSparseTensor.fromDense(tf.tensor2d(dense, [9, 7]), format)),
        TfSparseTensor.fromCoordinates(coords.coordinates, coords.values, [9, 7], format),
        TfSparseTensor.fromSparseTensor(host),
      ];
      for (const s of built) {
        expect(s.nnz).toBe(host.nnz);
        expect(s.format.posWidth).toBe(32);
        expect(s.positions.map((t) => t?.dtype)).toEqual(
          host.positions.map((a) => (a === undefined ? undefined : 'int32')),
        );
        expect(tf.tidy(() => Array.from(sparseToDense(s).dataSync()))).toEqual(Array.from(dense));
        const back = await s.toSparseTensor();
        expect(Array.from(back.toDense() as Float32Array | Int32Array)).toEqual(Array.from(dense));
        s.dispose();
        expect(s.isDisposed).toBe(true);
      }
      expect(tf.memory().numTensors).toBe(before);
    },
  );

  it('from an int32 [nnz, rank] indices tensor', () => {
    tf.tidy(() => {
      const s = TfSparseTensor.fromCoordinates(
        tf.tensor2d(
          [
            [1, 2],
            [0, 0],
          ],
          [2, 2],
          'int32',
        ),
        tf.tensor1d([5, 6], 'int32'),
        [2, 3],
        'CSR',
      );
      expect(s.dtype).toBe('int32');
      expect(Array.from(sparseToDense(s).dataSync())).toEqual([6, 0, 0, 0, 0, 5]);
    });
  });

  it('tf.tidy keeps a returned sparse tensor whole and frees one that is not returned', () => {
    const before = tf.memory().numTensors;
    const kept = keptSparse(() => {
      TfSparseTensor.fromDense(tf.tensor2d(dense, [9, 7]), 'CSR');
      return TfSparseTensor.fromDense(tf.tensor2d(dense, [9, 7]), 'DCSR');
    });
    expect(tf.memory().numTensors).toBe(before + kept.tensors().length);
    expect(kept.isDisposed).toBe(false);
    kept.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('withValues shares the pattern and disposes independently', () => {
    const s = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 0, 2], [2, 2]), 'CSR');
    const t = s.withValues(tf.tensor1d([10, 20]));
    s.dispose();
    expect(t.isDisposed).toBe(false);
    expect(tf.tidy(() => Array.from(sparseToDense(t).dataSync()))).toEqual([10, 0, 0, 20]);
    t.dispose();
    expect(() => s.withValues(tf.tensor1d([1, 2, 3]))).toThrow(SparseFormatError);
  });

  it('rejects bad input with typed errors naming the argument', () => {
    tf.tidy(() => {
      expect(() => TfSparseTensor.fromDense(tf.tensor1d([1], 'bool'), 'sparse-vector')).toThrow(
        /Invalid tensor: dtype must be float32 or int32, got bool/,
      );
      expect(() =>
        TfSparseTensor.fromCoordinates(
          tf.tensor2d([[1, 2, 3]], [1, 3], 'int32'),
          [1],
          [2, 3],
          'CSR',
        ),
      ).toThrow(/Invalid indices: expected shape \[nnz, 2\]/);
      expect(() => TfSparseTensor.fromCoordinates([[5, 0]], [1], [2, 3], 'CSR')).toThrow(
        SparseStorageError,
      );
      const values = tf.tensor1d([1, 2]);
      expect(() =>
        TfSparseTensor.fromTensors([2, 2], 'CSR', {
          values,
          positions: [undefined, tf.tensor1d([0, 1, 2])],
          coordinates: [undefined, tf.tensor1d([0, 1], 'int32')],
        }),
      ).toThrow(/Invalid storage.positions\[1\]: expected dtype int32, got float32/);
      expect(() =>
        TfSparseTensor.fromTensors([2, 2], 'CSR', {
          values,
          positions: [tf.tensor1d([0], 'int32'), tf.tensor1d([0, 1, 2], 'int32')],
          coordinates: [undefined, tf.tensor1d([0, 1], 'int32')],
        }),
      ).toThrow(/Invalid storage.positions\[0\]: a dense level has no positions/);
      const host = SparseTensor.fromDense(new Float64Array([1, 0]), [2], 'sparse-vector', {
        dtype: 'float64',
      });
      expect(() => TfSparseTensor.fromSparseTensor(host)).toThrow(/got float64/);
    });
  });

  it('a disposed sparse tensor and a missing register entry are typed errors', () => {
    const s = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 0, 2], [2, 2]), 'CSR');
    s.dispose();
    expect(() => spmv(s, tf.tensor1d([1, 1]))).toThrow(/the sparse tensor is disposed/);
    tf.registerBackend(
      'bare',
      () => new (tf.findBackend('cpu')!.constructor as new () => tf.KernelBackend)(),
    );
    tf.setBackend('bare');
    try {
      const A = SparseTensor.fromDense(new Float32Array([1, 0, 0, 2]), [2, 2], 'CSR');
      expect(() => tf.tidy(() => spmv(A, tf.tensor1d([1, 1])))).toThrow(KernelNotRegisteredError);
      expect(() => tf.tidy(() => spmv(A, tf.tensor1d([1, 1])))).toThrow(
        "spmv: kernel 'SparseSpmv' is not registered for the active backend 'bare'",
      );
    } finally {
      tf.setBackend('cpu');
      tf.removeBackend('bare');
    }
  });
});
