/**
 * `runKernel` hands a `=` kernel's fresh dense output to the kernel unfilled (on Node, from
 * 64 KiB, `Buffer.allocUnsafeSlow` without the zero fill), because such a kernel writes every
 * element: its loops store each one, or it fills the output first. Here the unfilled memory is
 * poisoned, so an element a kernel skipped would show: on every engine, scalar and vectorized,
 * for products, element-wise and transposed outputs, reductions and dense-only kernels, over
 * sparse operands in formats with empty rows and columns (or no entries at all), each result
 * equals a plain-loop dense reference exactly (small integer values, so every sum is exact).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FormatSpec, runKernel, SparseTensor, sparsify } from '../../src/index.js';
import { compiledEverywhere } from './every-engine.js';
import { rng } from './fixtures.js';

type ValueType = 'f64' | 'f32' | 'i32';
const ARRAYS = { f64: Float64Array, f32: Float32Array, i32: Int32Array } as const;

/** The first index where `got` and `want` differ bit for bit, or -1 (fast on long arrays). */
function firstDifference(got: ArrayLike<number>, want: Float64Array | Float32Array | Int32Array) {
  const bytes = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength);
  if (got.length === want.length && bytes(got as Float64Array).equals(bytes(want))) return -1;
  for (let i = 0; i < Math.min(got.length, want.length); i++)
    if (!Object.is(got[i], want[i])) return i;
  return Math.min(got.length, want.length);
}

/** The byte the unfilled memory is poisoned with (as f64, f32 or i32: a huge finite value). */
const POISON = 0x7f;

/** A dense row-major `rows x cols` matrix of small integers, about `density` of them non-zero. */
function denseMatrix(rows: number, cols: number, density: number, next: () => number): number[] {
  return Array.from({ length: rows * cols }, () =>
    next() < density ? Math.floor(next() * 9) - 4 || 5 : 0,
  );
}

/** The sparse tensor of dense row-major `data` in `format`. */
function sparseOf(data: number[], rows: number, cols: number, format: FormatSpec, type: ValueType) {
  const coordinates: number[][] = [];
  const values: number[] = [];
  data.forEach((v, k) => {
    if (v === 0) return;
    coordinates.push([Math.floor(k / cols), k % cols]);
    values.push(v);
  });
  return SparseTensor.fromCoordinates(coordinates, ARRAYS[type].from(values), [rows, cols], format);
}

/** One kernel with a dense output, its operands and the plain-loop reference of its output. */
interface Case {
  readonly expr: string;
  readonly sparse: boolean;
  readonly build: (
    format: FormatSpec,
    type: ValueType,
    next: () => number,
  ) => { operands: Record<string, unknown>; want: number[] };
}

const dense = (data: number[], shape: number[], type: ValueType) => ({
  data: ARRAYS[type].from(data),
  shape,
});

const CASES: readonly Case[] = [
  {
    expr: 'y(i) = A(i,j) * x(j)',
    sparse: true,
    build: (format, type, next) => {
      const [m, n] = [17000, 6];
      const a = denseMatrix(m, n, next() * 0.4, next);
      const x = denseMatrix(n, 1, 1, next);
      const want = Array.from({ length: m }, (_, i) =>
        x.reduce((s, xj, j) => s + (a[i * n + j] as number) * xj, 0),
      );
      return { operands: { A: sparseOf(a, m, n, format, type), x: dense(x, [n], type) }, want };
    },
  },
  {
    expr: 'C(i,k) = A(i,j) * B(j,k)',
    sparse: true,
    build: (format, type, next) => {
      const [m, n, p] = [300, 12, 64];
      const a = denseMatrix(m, n, next() * 0.3, next);
      const b = denseMatrix(n, p, 1, next);
      const want: number[] = [];
      for (let i = 0; i < m; i++)
        for (let k = 0; k < p; k++) {
          let s = 0;
          for (let j = 0; j < n; j++) s += (a[i * n + j] as number) * (b[j * p + k] as number);
          want.push(s);
        }
      return { operands: { A: sparseOf(a, m, n, format, type), B: dense(b, [n, p], type) }, want };
    },
  },
  {
    expr: 'C(i,j) = A(i,j) * B(i,j)',
    sparse: true,
    build: (format, type, next) => {
      const [m, n] = [200, 100];
      const a = denseMatrix(m, n, next() * 0.3, next);
      const b = denseMatrix(m, n, 1, next);
      const want = a.map((v, k) => (v === 0 ? 0 : v * (b[k] as number)));
      return { operands: { A: sparseOf(a, m, n, format, type), B: dense(b, [m, n], type) }, want };
    },
  },
  {
    expr: 'y(i) = A(i,j)',
    sparse: true,
    build: (format, type, next) => {
      const [m, n] = [17000, 5];
      const a = denseMatrix(m, n, next() * 0.4, next);
      const want = Array.from({ length: m }, (_, i) =>
        a.slice(i * n, i * n + n).reduce((s, v) => s + v, 0),
      );
      return { operands: { A: sparseOf(a, m, n, format, type) }, want };
    },
  },
  {
    expr: 'C(j,i) = A(i,j)',
    sparse: true,
    build: (format, type, next) => {
      const [m, n] = [100, 200];
      const a = denseMatrix(m, n, next() * 0.3, next);
      const want = Array.from({ length: n * m }, (_, k) => a[(k % m) * n + Math.floor(k / m)] ?? 0);
      return { operands: { A: sparseOf(a, m, n, format, type) }, want };
    },
  },
  {
    expr: 'y(i) = x(i) * z(i)',
    sparse: false,
    build: (_format, type, next) => {
      const n = 17000;
      const x = denseMatrix(n, 1, 0.7, next);
      const z = denseMatrix(n, 1, 0.7, next);
      const want = x.map((v, i) => v * (z[i] as number));
      return { operands: { x: dense(x, [n], type), z: dense(z, [n], type) }, want };
    },
  },
];

const FORMATS: readonly FormatSpec[] = ['CSR', 'DCSR', 'CSC', 'COO'];
const TYPES: readonly ValueType[] = ['f64', 'f32', 'i32'];

describe("a `=` kernel's fresh dense output starts unfilled", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the poison where nothing writes (so a skipped element would fail the test below)', () => {
    vi.spyOn(Buffer, 'allocUnsafeSlow').mockImplementation((size: number) =>
      Buffer.from(new Uint8Array(new ArrayBuffer(size)).fill(POISON).buffer),
    );
    const kernel = sparsify('y(i) = x(i) * z(i)', {}, { valueType: 'i32' });
    const x = { data: new Int32Array(17000).fill(2), shape: [17000] };
    const got = runKernel(kernel, () => undefined, { x, z: x }) as Int32Array;
    expect(new Set(got)).toEqual(new Set([0x7f7f7f7f]));
  });

  // One test per kernel: each runs every format, value type and engine (the interpreter over
  // outputs of 64 KiB and more takes seconds), so none comes near the test timeout.
  it.each(CASES.map((c, n) => [c.expr, c, n] as const))(
    '%s is written in full on every engine, over poisoned memory',
    (_, c, n) => {
      const unfilled = vi
        .spyOn(Buffer, 'allocUnsafeSlow')
        .mockImplementation((size: number) =>
          Buffer.from(new Uint8Array(new ArrayBuffer(size)).fill(POISON).buffer),
        );
      const next = rng(6217 + n);
      for (const format of c.sparse ? FORMATS : ['CSR' as FormatSpec]) {
        for (const type of TYPES) {
          const formats = c.sparse ? { A: format } : {};
          const kernel = sparsify(c.expr, formats, { valueType: type });
          const { operands, want } = c.build(format, type, next);
          const label = `${c.expr} ${format} ${type}`;
          const expected = ARRAYS[type].from(want);
          expect(expected.byteLength, label).toBeGreaterThanOrEqual(1 << 16);
          for (const { label: engine, run } of compiledEverywhere(kernel)) {
            const calls = unfilled.mock.calls.length;
            const got = runKernel(kernel, run, operands as never) as Float64Array;
            expect(unfilled.mock.calls.length, `${label} ${engine}`).toBeGreaterThan(calls);
            expect(got.constructor, `${label} ${engine}`).toBe(ARRAYS[type]);
            expect(firstDifference(got, expected), `${label} ${engine}`).toBe(-1);
          }
        }
      }
    },
  );
});
