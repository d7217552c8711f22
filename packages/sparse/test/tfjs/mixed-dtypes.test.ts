/**
 * Sparse ops on operands of mixed dtypes (int32 with float32) compute in float32, as sparsify
 * binds (`arith.sitofp` of the int32 operands): seeded random spmv, spmm and sparseOp calls on
 * the cpu and wasm backends equal dense tfjs ops on float32 casts of the same data, leave no
 * tensor behind (the op's casts included), and differentiate through the cast.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-core/dist/register_all_gradients';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparseTensor, SparsifyError } from '../../src/index.js';
import { sparseOp, spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';

tf.env().set('IS_TEST', true);

type Dtype = 'float32' | 'int32';
const BACKENDS = ['cpu', 'wasm'] as const;
const FORMATS = ['CSR', 'CSC', 'DCSR', 'COO'] as const;
const KINDS = ['spmv', 'spmm', 'sparseOp'] as const;

/**
 * Random data of `size` values for `dtype`: small integers, or quarter steps, often zero. Every
 * sum the ops form is exact in float32, so any summation order gives the same bits.
 */
function randomValues(random: () => number, size: number, dtype: Dtype): number[] {
  return Array.from({ length: size }, () => {
    if (random() < 0.4) return 0;
    const v = Math.round(random() * 16 - 8);
    return dtype === 'int32' ? v : v / 4;
  });
}

/** One random call: its kind, A's format, each operand's dtype (mixed) and data. */
function randomCall(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const kind = pick(KINDS);
  const format = pick(FORMATS);
  const [m, k, n] = [
    1 + Math.floor(random() * 7),
    1 + Math.floor(random() * 7),
    1 + Math.floor(random() * 4),
  ];
  const dtypes: Dtype[] = [pick(['int32', 'float32'] as const)];
  dtypes.push(dtypes[0] === 'int32' ? 'float32' : 'int32');
  dtypes.push(pick(['int32', 'float32'] as const));
  const [aType, xType, bType] = dtypes as [Dtype, Dtype, Dtype];
  return {
    kind,
    format,
    shapes: { A: [m, k], x: kind === 'spmm' ? [k, n] : [k], b: [m] },
    dtypes: { A: aType, x: xType, b: bType },
    data: {
      A: randomValues(random, m * k, aType),
      x: randomValues(random, kind === 'spmm' ? k * n : k, xType),
      b: randomValues(random, m, bType),
    },
  };
}

type Call = ReturnType<typeof randomCall>;
const tensorOf = (c: Call, name: 'A' | 'x' | 'b') =>
  tf.tensor(c.data[name], c.shapes[name], c.dtypes[name]);

/** The sparse op's result on the active backend, with the count of tensors it left behind. */
function sparseResult(c: Call): { dtype: string; values: number[]; leaked: number } {
  const before = tf.memory().numTensors;
  const denseA = tensorOf(c, 'A');
  const A = TfSparseTensor.fromDense(denseA, c.format);
  const x = tensorOf(c, 'x');
  const b = tensorOf(c, 'b');
  const op = sparseOp('y(i) = A(i,j) * x(j) + b(i)', { A: c.format });
  const y =
    c.kind === 'spmv' ? spmv(A, x) : c.kind === 'spmm' ? spmm(A, x) : (op(A, x, b) as tf.Tensor);
  const result = { dtype: y.dtype, values: Array.from(y.dataSync()) };
  tf.dispose([denseA, x, b, y]);
  A.dispose();
  return { ...result, leaked: tf.memory().numTensors - before };
}

/** The same computation with dense tfjs ops on float32 casts. */
function denseReference(c: Call): number[] {
  return tf.tidy(() => {
    const [A, x, b] = (['A', 'x', 'b'] as const).map((t) => tf.cast(tensorOf(c, t), 'float32'));
    const product = tf.matMul(
      A as tf.Tensor2D,
      c.kind === 'spmm' ? (x as tf.Tensor2D) : tf.reshape(x as tf.Tensor, [-1, 1]),
    );
    const y = c.kind === 'spmm' ? product : tf.reshape(product, [-1]);
    return Array.from((c.kind === 'sparseOp' ? tf.add(y, b as tf.Tensor) : y).dataSync());
  });
}

describe.each(BACKENDS)('sparse ops on mixed int32 and float32 operands on %s', (backend) => {
  it('compute in float32 and equal dense tfjs ops on 60 seeded random calls, leaking nothing', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    for (let seed = 0; seed < 60; seed++) {
      const c = randomCall(4000 + seed);
      const got = sparseResult(c);
      const label = JSON.stringify(c);
      expect(got.dtype, label).toBe('float32');
      expect(got.values, label).toEqual(denseReference(c));
      expect(got.leaked, label).toBe(0);
    }
  });

  it('differentiate a float32 operand through the int32 operand cast', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const A = TfSparseTensor.fromSparseTensor(
      SparseTensor.fromDense(Int32Array.from([2, 0, -3, 0, 5, 1]), [2, 3], 'CSR'),
    );
    const x = tf.tensor1d([0.5, -1, 2]);
    const g = tf.grad((v: tf.Tensor) => tf.sum(spmv(A, v as tf.Tensor1D)))(x);
    // d/dx sum(A x) = A^T 1, the column sums.
    expect(Array.from(g.dataSync())).toEqual([2, 5, -2]);
    tf.dispose([x, g]);
    A.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('keep int32 operands alone in int32, and reject float64 naming the cast', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const before = tf.memory().numTensors;
    const A = SparseTensor.fromDense(Int32Array.from([1, 0, 2, 3]), [2, 2], 'CSR');
    const y = tf.tidy(() => spmv(A, tf.tensor1d([4, 5], 'int32')));
    expect(y.dtype).toBe('int32');
    expect(Array.from(y.dataSync())).toEqual([4, 23]);
    y.dispose();
    const wide = SparseTensor.fromDense(Float64Array.from([1, 0, 2, 3]), [2, 2], 'CSR');
    const x = tf.tensor1d([1, 1]);
    expect(() => spmv(wide, x)).toThrow(SparsifyError);
    expect(() => spmv(wide, x)).toThrow(/arith\.truncf/);
    x.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });
});
