/**
 * What a tfjs user expects of the ready-made ops' signatures: dense operands may be plain
 * numbers (nested arrays, typed arrays) as in every tfjs op, converted to the sparse operand's
 * dtype; bad ones get a typed error naming the argument and leave no tensor behind; results are
 * typed by rank (Tensor1D from spmv, Tensor2D from spmm, Scalar from sparseDot); and a
 * TfSparseTensor has `toDense()`, differentiable like `sparseToDense`.
 */
import '@tensorflow/tfjs-backend-cpu';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { type FormatSpec, type NamedFormat, SparseTensor, SparsifyError } from '../../src/index.js';
import {
  sddmm,
  sparseDot,
  sparseToDense,
  spmm,
  spmv,
  TfSparseTensor,
} from '../../src/tfjs/index.js';
import { randomDense, rng } from '../sparsify/fixtures.js';
import '../../src/tfjs/register-cpu.js';
import { MATRIX_FORMATS } from './support/formats.js';
import { thrownLeavingNoTensor } from './support/thrown-leaving-no-tensor.js';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

/** Row-major data as nested arrays of `shape` (rank 1 or 2). */
function nested(data: ArrayLike<number>, shape: readonly number[]): number[] | number[][] {
  const flat = Array.from(data);
  if (shape.length === 1) return flat;
  const [rows, cols] = shape as [number, number];
  return Array.from({ length: rows }, (_, i) => flat.slice(i * cols, (i + 1) * cols));
}

/** Plain numbers with -0 read as 0. */
const plain = (t: tf.Tensor): number[] => Array.from(t.dataSync(), (v) => (v === 0 ? 0 : v));

/** One seeded case: sizes, format, dtype and the data of every operand. */
function caseOf(seed: number) {
  const next = rng(seed);
  const size = (max: number) => 1 + Math.floor(next() * max);
  const [m, k, n] = [size(12), size(12), size(5)];
  const int = seed % 3 === 0;
  const profile = int ? 'integers' : 'quarters';
  const dtype = int ? ('int32' as const) : ('float32' as const);
  const format = MATRIX_FORMATS[seed % MATRIX_FORMATS.length] as NamedFormat;
  const data = (shape: number[], density: number, s: number) =>
    randomDense(shape, { density, profile, seed: s });
  return {
    m,
    k,
    n,
    dtype,
    format,
    A: data([m, k], next() * 0.6, seed * 7 + 1),
    x: data([k], 1, seed * 7 + 2),
    B: data([k, n], 1, seed * 7 + 3),
    L: data([m, n], 1, seed * 7 + 4),
    R: data([n, k], 1, seed * 7 + 5),
    a: data([k], next() * 0.6, seed * 7 + 6),
  };
}

describe('dense operands given as numbers', () => {
  for (let seed = 1; seed <= 15; seed++) {
    const c = caseOf(seed);
    it(`seed ${seed}: ${c.format} ${c.dtype} [${c.m}, ${c.k}] x n=${c.n} equals tfjs's dense ops`, () => {
      const before = tf.memory().numTensors;
      tf.tidy(() => {
        const dense = (d: Float64Array, shape: number[]) =>
          tf.tensor(Array.from(d), shape, c.dtype);
        const Ad = dense(c.A, [c.m, c.k]);
        const A = SparseTensor.fromDense(
          c.dtype === 'int32' ? Int32Array.from(c.A) : Float32Array.from(c.A),
          [c.m, c.k],
          c.format,
        );
        const onBackend = TfSparseTensor.fromDense(Ad, c.format);
        for (const S of [A, onBackend]) {
          expect(plain(spmv(S, nested(c.x, [c.k]) as number[]))).toEqual(
            plain(tf.reshape(tf.matMul(Ad, tf.reshape(dense(c.x, [c.k]), [c.k, 1])), [c.m])),
          );
          expect(plain(spmm(S, nested(c.B, [c.k, c.n]) as number[][]))).toEqual(
            plain(tf.matMul(Ad, dense(c.B, [c.k, c.n]))),
          );
          expect(
            plain(
              sddmm(
                S,
                nested(c.L, [c.m, c.n]) as number[][],
                nested(c.R, [c.n, c.k]) as number[][],
              ),
            ),
          ).toEqual(plain(tf.mul(Ad, tf.matMul(dense(c.L, [c.m, c.n]), dense(c.R, [c.n, c.k])))));
        }
        // A typed array is a vector, converted to the sparse operand's dtype.
        const typed = c.dtype === 'int32' ? Int32Array.from(c.x) : Float32Array.from(c.x);
        expect(plain(spmv(A, typed))).toEqual(plain(spmv(A, dense(c.x, [c.k]))));
        const a = SparseTensor.fromDense(
          c.dtype === 'int32' ? Int32Array.from(c.a) : Float32Array.from(c.a),
          [c.k],
          'sparse-vector',
        );
        let dot = 0;
        for (let i = 0; i < c.k; i++) dot += (c.a[i] as number) * (c.x[i] as number);
        const result = sparseDot(a, Array.from(c.x));
        expect(result.dtype).toBe(c.dtype);
        expect(plain(result)).toEqual([dot === 0 ? 0 : dot]);
      });
      expect(tf.memory().numTensors).toBe(before);
    });
  }

  it('a number array next to an int32 sparse matrix becomes int32, next to float32 float32', () => {
    tf.tidy(() => {
      const I = SparseTensor.fromDense(Int32Array.from([1, 0, 2, 3]), [2, 2], 'CSR');
      const F = SparseTensor.fromDense(Float32Array.from([1, 0, 2, 3]), [2, 2], 'CSR');
      expect(spmv(I, [5, 7]).dtype).toBe('int32');
      expect(spmv(F, [5, 7]).dtype).toBe('float32');
      expect(Array.from(spmv(I, [5, 7]).dataSync())).toEqual([5, 31]);
    });
  });
});

describe('bad dense operands', () => {
  const A = SparseTensor.fromDense(Float32Array.from([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR');
  const I = SparseTensor.fromDense(Int32Array.from([1, 0, 2, 0, 0, 3]), [2, 3], 'CSR');
  const CASES: readonly [string, () => unknown, string][] = [
    ['a string', () => spmv(A, 'abc' as never), 'x'],
    ['booleans', () => spmv(A, [true, false, true] as never), 'x'],
    ['a string inside an array', () => spmv(A, [1, '2', 3] as never), 'x'],
    ['a ragged array', () => spmm(A, [[1, 2], [3], [4, 5]]), 'B'],
    ['a plain object', () => spmm(A, { shape: [3, 2] } as never), 'B'],
    ['null', () => sddmm(A, null as never, [[1, 2, 3]]), 'A'],
    ['a BigInt typed array', () => spmv(A, new BigInt64Array(3) as never), 'x'],
    ['non-integers with int32 values', () => spmv(I, [1, 2.5, 3]), 'x'],
    ['a sparse tensor where a dense one goes', () => spmv(A, A as never), 'x'],
    ['a ragged right operand of sddmm', () => sddmm(A, [[1], [2]], [[1, 2], [3]]), 'B'],
    [
      'a string for sparseDot',
      () =>
        sparseDot(
          SparseTensor.fromDense(Float32Array.from([1, 0]), [2], 'sparse-vector'),
          'ab' as never,
        ),
      'b',
    ],
  ];
  for (const [what, call, argument] of CASES) {
    it(`${what}: SparsifyError naming ${argument}, no tensor left`, () => {
      const error = thrownLeavingNoTensor(call);
      expect(error).toBeInstanceOf(SparsifyError);
      expect((error as SparsifyError).argument).toBe(argument);
    });
  }

  it('numbers of the wrong shape reach the kernel, which names the extent (no tensor left)', () => {
    const before = tf.memory().numTensors;
    expect(() => spmv(A, [1, 2])).toThrow(SparsifyError);
    expect(tf.memory().numTensors).toBe(before);
  });
});

describe('result types', () => {
  it('are typed by rank, and the runtime ranks agree', () => {
    tf.tidy(() => {
      const A = TfSparseTensor.fromDense(tf.tensor2d([1, 0, 2, 0, 0, 3], [2, 3]), 'CSR');
      const a = TfSparseTensor.fromDense(tf.tensor1d([0, 4, 0]), 'sparse-vector');
      const y = spmv(A, [1, 2, 3]);
      const C = spmm(A, [[1], [2], [3]]);
      const X = sddmm(A, [[1], [1]], [[1, 1, 1]]);
      const d = sparseDot(a, [1, 2, 3]);
      expectTypeOf(y).toEqualTypeOf<tf.Tensor1D>();
      expectTypeOf(C).toEqualTypeOf<tf.Tensor2D>();
      expectTypeOf(X).toEqualTypeOf<tf.Tensor2D>();
      expectTypeOf(d).toEqualTypeOf<tf.Scalar>();
      expect([y.rank, C.rank, X.rank, d.rank]).toEqual([1, 2, 2, 0]);
      expect([plain(y), plain(C), plain(X), plain(d)]).toEqual([
        [7, 9],
        [7, 9],
        [1, 0, 2, 0, 0, 3],
        [8],
      ]);
    });
  });
});

describe('TfSparseTensor.toDense', () => {
  for (let seed = 1; seed <= 10; seed++) {
    const next = rng(100 + seed);
    const rank = 1 + (seed % 3);
    const shape = Array.from({ length: rank }, () => 1 + Math.floor(next() * 7));
    const format: FormatSpec =
      rank === 1
        ? 'sparse-vector'
        : rank === 2
          ? (MATRIX_FORMATS[seed % 5] as NamedFormat)
          : { levels: ['dense', 'compressed', 'compressed'] };
    it(`seed ${seed}: ${JSON.stringify(format)} [${shape.join(', ')}] gives back the dense data`, () => {
      const data = Float32Array.from(randomDense(shape, { density: next(), seed: 200 + seed }));
      const before = tf.memory().numTensors;
      const source = tf.tensor(data, shape);
      const A = TfSparseTensor.fromDense(source, format);
      const D = A.toDense();
      expect(D.shape).toEqual(shape);
      expect(D.dtype).toBe('float32');
      expect(plain(D)).toEqual(Array.from(data, (v) => (v === 0 ? 0 : v)));
      tf.dispose([D, source]);
      A.dispose();
      expect(tf.memory().numTensors).toBe(before);
    });
  }

  it("differentiates with respect to the values: each entry's weight (a plain loop over CSR)", () => {
    const shape = [6, 5];
    const host = SparseTensor.fromDense(
      Float32Array.from(randomDense(shape, { density: 0.5, seed: 9 })),
      shape,
      'CSR',
    );
    const W = randomDense(shape, { density: 1, seed: 10 });
    const expected: number[] = [];
    const pos = host.positions[1] as ArrayLike<number>;
    const crd = host.coordinates[1] as ArrayLike<number>;
    for (let i = 0; i < 6; i++)
      for (let p = pos[i] as number; p < (pos[i + 1] as number); p++)
        expected.push(W[i * 5 + (crd[p] as number)] as number);
    const before = tf.memory().numTensors;
    const A = TfSparseTensor.fromSparseTensor(host);
    const w = tf.tensor(Float32Array.from(W), shape);
    const g = tf.grad((v: tf.Tensor) =>
      tf.sum(tf.mul(A.withValues(v as tf.Tensor1D).toDense(), w)),
    )(A.values);
    expect(plain(g)).toEqual(expected);
    const viaOp = tf.grad((v: tf.Tensor) =>
      tf.sum(tf.mul(sparseToDense(A.withValues(v as tf.Tensor1D)), w)),
    )(A.values);
    expect(plain(viaOp)).toEqual(expected);
    tf.dispose([g, viaOp, w]);
    A.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
