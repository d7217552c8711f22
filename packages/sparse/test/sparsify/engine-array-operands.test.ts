/**
 * Dense operands and outputs held in engine arrays (`engineArray` of `@tilekit/loop-engines`:
 * typed arrays in the wasm engine's memory, passed by address) give `runKernel` the same
 * results, bit for bit, as plain typed arrays copied in and out: SpMV, SpMM and a `+=` SpMV,
 * scalar and vectorized, every row form of A, f32/f64/i32, empty and skewed matrices, outputs
 * holding junk before a `=` kernel. Repeated calls leave the engine memory as it was.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile, engineArray } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { describe, expect, it } from 'vitest';
import { runKernel, SparseTensor, sparsify, type ValueArray } from '../../src/index.js';

const FORMATS = ['CSR', 'CSC', 'COO', 'DCSR', 'DCSC'] as const;
const TYPES = [
  { valueType: 'f32', dtype: 'float32', Array: Float32Array },
  { valueType: 'f64', dtype: 'float64', Array: Float64Array },
  { valueType: 'i32', dtype: 'int32', Array: Int32Array },
] as const;
const KERNELS = [
  { expr: 'y(i) = A(i,j) * x(j)', dense: 'x', columns: false, accumulates: false },
  { expr: 'C(i,k) = A(i,j) * B(j,k)', dense: 'B', columns: true, accumulates: false },
  { expr: 'y(i) += A(i,j) * x(j)', dense: 'x', columns: false, accumulates: true },
] as const;
type Pattern = 'empty' | 'uniform' | 'skewed';
const PATTERNS: readonly Pattern[] = ['empty', 'uniform', 'skewed'];

const bytesOf = (a: ArrayBufferView) =>
  Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

/** A value drawn for `dtype`: small integers, and for floats quarters, -0 and NaN too. */
function drawValue(next: () => number, integer: boolean): number {
  const r = next();
  if (integer) return Math.floor(r * 33) - 16;
  if (r < 0.05) return -0;
  if (r < 0.08) return Number.NaN;
  return (Math.floor(next() * 64) - 32) / 4;
}

/** An m×n matrix: no entries, entries spread uniformly, or most of them in one hub row. */
function matrix(
  next: () => number,
  m: number,
  n: number,
  pattern: Pattern,
  format: (typeof FORMATS)[number],
  type: (typeof TYPES)[number],
): SparseTensor {
  const coordinates: [number, number][] = [];
  const values: number[] = [];
  const count = pattern === 'empty' || m * n === 0 ? 0 : Math.floor(next() * m * n * 0.4) + 1;
  const hub = Math.floor(next() * m);
  for (let e = 0; e < count; e++) {
    const i = pattern === 'skewed' && next() < 0.8 ? hub : Math.floor(next() * m);
    coordinates.push([i, Math.floor(next() * n)]);
    values.push(drawValue(next, type.valueType === 'i32'));
  }
  return SparseTensor.fromCoordinates(coordinates, values, [m, n], format, { dtype: type.dtype });
}

describe('runKernel over engine arrays', () => {
  for (const type of TYPES) {
    for (const kernel of KERNELS) {
      for (const vectorized of [false, true]) {
        it(`${kernel.expr}, ${type.valueType}${vectorized ? ', vectorized' : ''}: bit for bit the plain path, every row form`, () => {
          const next = seededRandom(3500 + type.valueType.length * 7 + kernel.expr.length);
          for (const format of FORMATS) {
            const k = sparsify(kernel.expr, { A: format }, { valueType: type.valueType });
            const module = vectorized
              ? vectorize(k.module, { vectorLength: 8, enableSIMDIndex32: true }).module
              : k.module;
            const fn = compile(module, k.functionName, { engine: 'wasm' });
            for (const pattern of PATTERNS) {
              for (let round = 0; round < 3; round++) {
                const m = Math.floor(next() * 40);
                const n = 1 + Math.floor(next() * 40);
                const columns = kernel.columns ? 1 + Math.floor(next() * 9) : 1;
                const A = matrix(next, m, n, pattern, format, type);
                const isInt = type.valueType === 'i32';
                const draw = (length: number) => {
                  const a = new type.Array(length);
                  for (let e = 0; e < length; e++) a[e] = drawValue(next, isInt);
                  return a;
                };
                const dense = draw(n * columns);
                const start = draw(m * columns);
                const shape = kernel.columns ? [n, columns] : [n];
                const plainOut = kernel.accumulates ? start.slice() : undefined;
                const plain = runKernel(
                  k,
                  fn,
                  { A, [kernel.dense]: { data: dense, shape } },
                  plainOut,
                ) as ValueArray;
                const operand = engineArray(type.Array, dense.length);
                const out = engineArray(type.Array, start.length);
                try {
                  operand.data.set(dense);
                  // A `=` kernel overwrites whatever the output held.
                  out.data.set(start);
                  runKernel(k, fn, { A, [kernel.dense]: { data: operand.data, shape } }, out.data);
                  expect(bytesOf(out.data)).toEqual(bytesOf(plain));
                  expect(bytesOf(operand.data)).toEqual(bytesOf(dense));
                } finally {
                  operand.dispose();
                  out.dispose();
                }
              }
            }
          }
        });
      }
    }
  }

  it('repeated calls keep the engine memory as it was (the views stay valid)', () => {
    const k = sparsify('C(i,k) = A(i,j) * B(j,k)', { A: 'CSR' }, { valueType: 'f64' });
    const fn = compile(k.module, k.functionName, { engine: 'wasm' });
    const next = seededRandom(35);
    const A = matrix(next, 300, 200, 'uniform', 'CSR', TYPES[1]);
    const B = engineArray(Float64Array, 200 * 16);
    const C = engineArray(Float64Array, 300 * 16);
    try {
      B.data.set(Float64Array.from({ length: 200 * 16 }, () => drawValue(next, false)));
      runKernel(k, fn, { A, B: { data: B.data, shape: [200, 16] } }, C.data);
      const view = C.data;
      const first = bytesOf(view);
      for (let call = 0; call < 100; call++)
        runKernel(k, fn, { A, B: { data: B.data, shape: [200, 16] } }, C.data);
      expect(C.data).toBe(view);
      expect(bytesOf(C.data)).toEqual(first);
    } finally {
      B.dispose();
      C.dispose();
    }
  });
});
