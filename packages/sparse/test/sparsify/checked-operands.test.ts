/**
 * `runKernel` checks a `SparseTensor` operand (kind, format, value type) once per kernel input
 * and binds it without the checks on later calls, and marks its storage immutable once. Calls
 * repeating the same tensor objects give the bits of calls with fresh, equal tensors (never
 * seen, so checked) and of the interpreter, on every matrix format, storage width and value
 * type, empty and skewed; and a tensor accepted by one input or kernel is still refused, with
 * the same typed error as a fresh one, where it does not fit another.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  runKernel,
  SparseTensor,
  type StorageWidth,
  sparsify,
  type ValueArray,
} from '../../src/index.js';

const FORMATS = ['CSR', 'CSC', 'COO', 'DCSR', 'DCSC'] as const;
const WIDTHS: readonly [StorageWidth, StorageWidth][] = [
  [32, 32],
  [64, 16],
  ['index', 64],
  [16, 'index'],
];
const TYPES = [
  { valueType: 'f32', dtype: 'float32' },
  { valueType: 'f64', dtype: 'float64' },
  { valueType: 'i32', dtype: 'int32' },
] as const;
type Pattern = 'empty' | 'uniform' | 'skewed';
const PATTERNS: readonly Pattern[] = ['empty', 'uniform', 'skewed'];

const bytesOf = (a: ArrayBufferView) =>
  Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));

/** Everything a result holds, as bytes: a dense array's, or a sparse tensor's storage. */
function bitsOf(result: unknown): unknown {
  if (!(result instanceof SparseTensor)) return bytesOf(result as ValueArray);
  return {
    shape: result.shape,
    positions: result.positions.map((p) => (p === undefined ? undefined : bytesOf(p))),
    coordinates: result.coordinates.map((c) => (c === undefined ? undefined : bytesOf(c))),
    values: bytesOf(result.values),
  };
}

/** An m×n matrix's triplets: none, spread uniformly, or most in one hub row. */
function triplets(next: () => number, m: number, n: number, pattern: Pattern, integer: boolean) {
  const coordinates: [number, number][] = [];
  const values: number[] = [];
  const count = pattern === 'empty' || m * n === 0 ? 0 : Math.floor(next() * m * n * 0.4) + 1;
  const hub = Math.floor(next() * m);
  for (let e = 0; e < count; e++) {
    const i = pattern === 'skewed' && next() < 0.8 ? hub : Math.floor(next() * m);
    coordinates.push([i, Math.floor(next() * n)]);
    values.push(integer ? Math.floor(next() * 33) - 16 : (Math.floor(next() * 64) - 32) / 4);
  }
  return { coordinates, values };
}

describe('runKernel with the same tensor objects again', () => {
  for (const type of TYPES) {
    it(`${type.valueType}: repeated, fresh and interpreted calls agree bit for bit, every format, width and pattern`, () => {
      const next = seededRandom(4100 + type.valueType.charCodeAt(1));
      for (const name of FORMATS) {
        for (const [posWidth, crdWidth] of WIDTHS) {
          const build = (t: ReturnType<typeof triplets>, shape: [number, number]) =>
            SparseTensor.fromCoordinates(t.coordinates, t.values, shape, name, {
              dtype: type.dtype,
              posWidth,
              crdWidth,
            });
          const format = build({ coordinates: [], values: [] }, [1, 1]).format;
          const kernels = [
            sparsify(
              'C(i,j) = A(i,j) + B(i,j)',
              { A: format, B: format, C: format },
              { valueType: type.valueType },
            ),
            sparsify('y(i) = A(i,j) * x(j)', { A: format }, { valueType: type.valueType }),
          ];
          const calls = kernels.map((k) => ({
            wasm: compile(k.module, k.functionName, { engine: 'wasm' }),
            interpreter: compile(k.module, k.functionName, { engine: 'interpreter' }),
          }));
          for (const pattern of PATTERNS) {
            const m = Math.floor(next() * 30);
            const n = 1 + Math.floor(next() * 30);
            const integer = type.valueType === 'i32';
            const a = triplets(next, m, n, pattern, integer);
            const b = triplets(next, m, n, pattern, integer);
            const A = build(a, [m, n]);
            const B = build(b, [m, n]);
            const x = {
              data: new (A.values.constructor as Float64ArrayConstructor)(n),
              shape: [n],
            };
            for (let j = 0; j < n; j++) x.data[j] = integer ? j - 3 : (j - 3) / 8;
            const operandsOf = (k: number, P: SparseTensor, Q: SparseTensor) =>
              k === 0 ? { A: P, B: Q } : { A: P, x };
            kernels.forEach((kernel, k) => {
              const { wasm, interpreter } = calls[k] as (typeof calls)[number];
              const expected = bitsOf(runKernel(kernel, interpreter, operandsOf(k, A, B)));
              // The first call checks A and B, the next two bind them as already checked.
              for (let round = 0; round < 3; round++) {
                expect(bitsOf(runKernel(kernel, wasm, operandsOf(k, A, B)))).toEqual(expected);
              }
              // Equal tensors never seen are checked, and give the same bits.
              const fresh = operandsOf(k, build(a, [m, n]), build(b, [m, n]));
              expect(bitsOf(runKernel(kernel, wasm, fresh))).toEqual(expected);
            });
          }
        }
      }
    });
  }
});

/** The typed error `run` throws (or `undefined`), as a comparable record. */
function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (e) {
    const { name, code, argument, expected, message } = e as Record<string, unknown>;
    return { name, code, argument, expected, message };
  }
  return undefined;
}

describe('a tensor accepted once is still refused where it does not fit', () => {
  const next = seededRandom(4177);
  const csr = (dtype: 'float64' | 'float32' | 'int32', m = 6, n = 5) => {
    const t = triplets(next, m, n, 'uniform', dtype === 'int32');
    return SparseTensor.fromCoordinates(t.coordinates, t.values, [m, n], 'CSR', { dtype });
  };

  it('by another input of the same kernel (format, shape)', () => {
    const kernel = sparsify(
      'C(i,j) = A(i,j) + B(i,j)',
      { A: 'CSR', B: 'CSC', C: 'CSR' },
      {
        valueType: 'f64',
      },
    );
    const fn = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
    const A = csr('float64');
    const B = A.convert('CSC');
    const wide = csr('float64', 6, 7);
    runKernel(kernel, fn, { A, B });
    for (let round = 0; round < 2; round++) {
      // A passed for B: its CSR format is refused as for a CSR tensor never seen.
      const refused = errorOf(() => runKernel(kernel, fn, { A, B: A }));
      expect(refused).toEqual(errorOf(() => runKernel(kernel, fn, { A, B: csr('float64') })));
      expect(refused).toMatchObject({ name: 'SparsifyError', argument: 'operands.B' });
      // A tensor accepted for A with another shape than B's is refused by the size check.
      runKernel(kernel, fn, { A: wide, B: wide.convert('CSC') });
      const mismatch = errorOf(() => runKernel(kernel, fn, { A: wide, B }));
      expect(mismatch).toMatchObject({ name: 'SparsifyError', argument: 'operands.B' });
      expect(mismatch).toEqual(
        errorOf(() => runKernel(kernel, fn, { A: csr('float64', 6, 7), B })),
      );
    }
  });

  it('by another kernel (value type), and a promoted tensor each call', () => {
    const f64 = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
    const f32 = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f32' });
    const run64 = compile(f64.module, f64.functionName, { engine: 'wasm' });
    const run32 = compile(f32.module, f32.functionName, { engine: 'wasm' });
    const A = csr('float64');
    const x64 = { data: Float64Array.from({ length: 5 }, (_, j) => j / 4), shape: [5] };
    const x32 = { data: Float32Array.from(x64.data), shape: [5] };
    runKernel(f64, run64, { A, x: x64 });
    for (let round = 0; round < 2; round++) {
      const refused = errorOf(() => runKernel(f32, run32, { A, x: x32 }));
      expect(refused).toMatchObject({ name: 'SparsifyError', argument: 'operands.A' });
      expect(refused).toEqual(errorOf(() => runKernel(f32, run32, { A: csr('float64'), x: x32 })));
    }
    // An int32 tensor is promoted to f64 (a copy) on every call, with the same bits.
    const I = csr('int32');
    const promoted = SparseTensor.fromStorage(I.shape, I.format, {
      positions: I.positions,
      coordinates: I.coordinates,
      values: Float64Array.from(I.values as Int32Array),
    });
    const expected = bytesOf(runKernel(f64, run64, { A: promoted, x: x64 }) as ValueArray);
    for (let round = 0; round < 3; round++) {
      expect(bytesOf(runKernel(f64, run64, { A: I, x: x64 }) as ValueArray)).toEqual(expected);
    }
  });
});
