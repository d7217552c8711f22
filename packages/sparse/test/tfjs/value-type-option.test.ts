/**
 * The sparse ops' `valueType` option on tfjs tensors, which hold float32 or int32 values: the
 * operands fix the value type (`'f32'` if any is float32, else `'i32'`). Left out (or null, as
 * any option), that one is used; the same one given is accepted; any other (`'f32'` on int32
 * operands, `'i32'` with a float32 one, `'f64'`, `'i64'`, junk) is a typed error naming
 * `options.valueType`, never silently ignored. Seeded random spmv, spmm and sparseOp calls (the
 * option given to `sparseOp`) on the cpu and wasm backends, held to dense tfjs ops on float32
 * casts of the same data; nothing leaks, errors included.
 */
import '@tensorflow/tfjs-backend-cpu';
import '@tensorflow/tfjs-backend-wasm';
import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { SparsifyError } from '../../src/index.js';
import { sparseOp, spmm, spmv, TfSparseTensor } from '../../src/tfjs/index.js';
import '../../src/tfjs/register-cpu.js';
import '../../src/tfjs/register-wasm.js';

tf.env().set('IS_TEST', true);

type Dtype = 'float32' | 'int32';
const BACKENDS = ['cpu', 'wasm'] as const;
const KINDS = ['spmv', 'spmm', 'sparseOp'] as const;
/** The value types a caller may ask for, and junk. */
const ASKED = [undefined, 'f32', 'i32', 'f64', 'i64', 'f16', 3, null] as const;

/** Small integers, often zero: every sum is exact in float32 and int32 alike. */
function randomValues(random: () => number, size: number): number[] {
  return Array.from({ length: size }, () => (random() < 0.4 ? 0 : Math.round(random() * 16 - 8)));
}

function randomCall(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const kind = pick(KINDS);
  const [m, k, n] = [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6), 2];
  const dtypes = {
    A: pick(['int32', 'float32'] as const),
    x: pick(['int32', 'float32'] as const),
  };
  return {
    kind,
    asked: pick(ASKED),
    shapes: { A: [m, k], x: kind === 'spmm' ? [k, n] : [k] },
    dtypes,
    data: { A: randomValues(random, m * k), x: randomValues(random, kind === 'spmm' ? k * n : k) },
  };
}

type Call = ReturnType<typeof randomCall>;
const tensorOf = (c: Call, name: 'A' | 'x') =>
  tf.tensor(c.data[name], c.shapes[name], c.dtypes[name]);

/** What the call should give: the result's dtype, or the typed error's argument. */
function expected(c: Call): { dtype: Dtype } | { error: string } {
  const anyFloat = c.dtypes.A === 'float32' || c.dtypes.x === 'float32';
  const dtype = anyFloat ? 'float32' : 'int32';
  if (c.asked === undefined || c.asked === null) return { dtype };
  if (c.asked === (anyFloat ? 'f32' : 'i32')) return { dtype };
  return { error: 'options.valueType' };
}

/** The op's result (dtype and values) or its error, and the tensors it left behind. */
function run(c: Call): { dtype?: string; values?: number[]; error?: unknown; leaked: number } {
  const before = tf.memory().numTensors;
  const denseA = tensorOf(c, 'A');
  const A = TfSparseTensor.fromDense(denseA, 'CSR');
  const x = tensorOf(c, 'x');
  const options = c.asked === undefined ? {} : { valueType: c.asked as never };
  let out: { dtype?: string; values?: number[]; error?: unknown } = {};
  try {
    const y =
      c.kind === 'spmv'
        ? spmv(A, x as tf.Tensor1D, options)
        : c.kind === 'spmm'
          ? spmm(A, x as tf.Tensor2D, options)
          : (sparseOp('y(i) = A(i,j) * x(j)', { A: 'CSR' }, options)(A, x) as tf.Tensor);
    out = { dtype: y.dtype, values: Array.from(y.dataSync()) };
    y.dispose();
  } catch (error) {
    out = { error };
  }
  tf.dispose([denseA, x]);
  A.dispose();
  return { ...out, leaked: tf.memory().numTensors - before };
}

/** The same product with dense tfjs ops on float32 casts. */
function denseReference(c: Call): number[] {
  return tf.tidy(() => {
    const A = tf.cast(tensorOf(c, 'A'), 'float32') as tf.Tensor2D;
    const x = tf.cast(tensorOf(c, 'x'), 'float32');
    const product = tf.matMul(A, c.kind === 'spmm' ? (x as tf.Tensor2D) : tf.reshape(x, [-1, 1]));
    return Array.from((c.kind === 'spmm' ? product : tf.reshape(product, [-1])).dataSync());
  });
}

describe.each(BACKENDS)('the valueType option of the sparse ops on %s', (backend) => {
  it('picks the dtype a call computes in, or is a typed error naming it (seeded)', async () => {
    expect(await tf.setBackend(backend)).toBe(true);
    const seen = new Set<string>();
    for (let seed = 0; seed < 120; seed++) {
      const c = randomCall(7100 + seed);
      const label = JSON.stringify(c);
      const want = expected(c);
      const got = run(c);
      expect(got.leaked, label).toBe(0);
      if ('error' in want) {
        expect(got.error, label).toBeInstanceOf(SparsifyError);
        expect((got.error as SparsifyError).argument, label).toBe(want.error);
        seen.add('error');
      } else {
        expect(got.error, label).toBeUndefined();
        expect(got.dtype, label).toBe(want.dtype);
        expect(got.values, label).toEqual(denseReference(c));
        seen.add(`${want.dtype} ${String(c.asked)}`);
      }
    }
    // Every outcome came up: errors, and each dtype asked for and left to the operands.
    for (const outcome of [
      'error',
      'float32 f32',
      'int32 i32',
      'float32 undefined',
      'int32 undefined',
    ])
      expect(seen.has(outcome), outcome).toBe(true);
  });
});
