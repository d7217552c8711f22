/**
 * Windows and strides on the output (`C(i(8,10), j(8,10)) = A(i,j) + B(i,j)`, TACO's sliced
 * outputs): seeded random windows (empty ones, strides past the extent, windows ending at the
 * last element) on every engine, scalar and vectorized, in f32, f64 and i32, against plain loops
 * that write the window into a copy of the whole output; the cases of TACO's
 * test/tests-windowing.cpp with their expected values; and the typed errors.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  bindArguments,
  type IndexWindow,
  outputShapeOf,
  outputShapeOfShapes,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';
import { compiledEverywhere } from './every-engine.js';

type Data = Float32Array | Float64Array | Int32Array;

const ARRAYS: Readonly<Record<'f32' | 'f64' | 'i32', (values: readonly number[]) => Data>> = {
  f32: (values) => Float32Array.from(values),
  f64: (values) => Float64Array.from(values),
  i32: (values) => Int32Array.from(values),
};

const VALUE_TYPES = ['f32', 'f64', 'i32'] as const;
const MATRIX_FORMATS = ['CSR', 'CSC', 'COO', 'DCSR', 'dense'] as const;

/** Small integers (exact in every value type and summation order), about `density` nonzero. */
function randomValues(size: number, density: number, next: () => number): number[] {
  return Array.from({ length: size }, () =>
    next() < density ? (1 + Math.floor(next() * 5)) * (next() < 0.5 ? -1 : 1) : 0,
  );
}

/**
 * A random window of a dimension of `size`: often empty, often ending at the last element,
 * often with a stride larger than the whole dimension.
 */
function randomWindow(size: number, next: () => number): IndexWindow {
  const r = next();
  const stride = r < 0.2 ? size + 1 + Math.floor(next() * 3) : 1 + Math.floor(next() * 3);
  const lo = Math.floor(next() * (size + 1));
  const s = next();
  const hi = s < 0.15 ? lo : s < 0.5 ? size : lo + Math.floor(next() * (size - lo + 1));
  return { lo, hi, stride };
}

/** The elements a window reads, listed one by one (no formula shared with the library). */
function windowCoordinates(size: number, w: IndexWindow | null): number[] {
  const out: number[] = [];
  for (let c = 0; c < size; c++) {
    if (w === null || (c >= w.lo && c < w.hi && (c - w.lo) % w.stride === 0)) out.push(c);
  }
  return out;
}

const windowText = (i: string, w: IndexWindow | null): string =>
  w === null ? i : `${i}(${w.lo},${w.hi},${w.stride})`;

/**
 * The plain-loop reference: `prior` (row-major, of `shape`) with each element of the window
 * `windows` replaced by `value(x)`, `x` its position in the window (or combined with the prior
 * element by `op`; `*=` multiplies by the right-hand side's stored entries only, and the
 * operands here store exactly their nonzeros, so a zero `value` leaves the element as it is).
 */
function windowedReference(
  prior: readonly number[],
  shape: readonly number[],
  windows: readonly (IndexWindow | null)[],
  op: '=' | '+=' | '*=',
  value: (x: readonly number[]) => number,
): number[] {
  const out = [...prior];
  const lists = shape.map((n, d) => windowCoordinates(n, windows[d] ?? null));
  const visit = (d: number, x: number[], c: number[]): void => {
    if (d === shape.length) {
      let k = 0;
      c.forEach((v, e) => {
        k = k * (shape[e] as number) + v;
      });
      const v = value(x);
      const was = out[k] as number;
      out[k] = op === '=' ? v : op === '+=' ? was + v : v === 0 ? was : was * v;
      return;
    }
    (lists[d] as number[]).forEach((coordinate, position) => {
      visit(d + 1, [...x, position], [...c, coordinate]);
    });
  };
  visit(0, [], []);
  return out;
}

/** `values` as a dense operand or a `SparseTensor` of `format` in `valueType`. */
function operand(
  values: readonly number[],
  shape: readonly number[],
  format: string | undefined,
  valueType: 'f32' | 'f64' | 'i32',
) {
  const data = ARRAYS[valueType](values);
  return format === undefined
    ? { data, shape }
    : SparseTensor.fromDense(data, shape, format as 'CSR');
}

/** Runs `kernel` on every engine and vector length and expects `expected` each time. */
function expectEverywhere(
  kernel: ReturnType<typeof sparsify>,
  operands: Parameters<typeof runKernel>[2],
  expected: readonly number[],
  label: string,
): void {
  for (const { label: where, run } of compiledEverywhere(kernel)) {
    const got = runKernel(kernel, run, operands) as Data;
    // -0 and 0 are one integer (i32) and equally right for a float sum of zeros.
    const plain = (x: number) => (x === 0 ? 0 : x);
    expect(Array.from(got, plain), `${where}: ${label}`).toEqual(expected.map(plain));
  }
}

describe('output windows: seeded random windows against plain loops, every engine', () => {
  it.each(
    VALUE_TYPES.flatMap((valueType, v) =>
      MATRIX_FORMATS.map((format, f) => ({ valueType, format, seed: 100 + 10 * v + f })),
    ),
  )('C(i(w), j(w)) = A(i,j) + B(i,j), $valueType, A $format', ({ valueType, format, seed }) => {
    const next = seededRandom(seed);
    for (let trial = 0; trial < 3; trial++) {
      const shape = [1 + Math.floor(next() * 7), 1 + Math.floor(next() * 7)];
      const wi = randomWindow(shape[0] as number, next);
      const wj = next() < 0.3 ? null : randomWindow(shape[1] as number, next);
      const m = windowCoordinates(shape[0] as number, wi).length;
      const n = windowCoordinates(shape[1] as number, wj).length;
      const a = randomValues(m * n, 0.5, next);
      const b = randomValues(m * n, 0.7, next);
      const prior = randomValues((shape[0] as number) * (shape[1] as number), 0.8, next);
      const expression = `C(${windowText('i', wi)},${windowText('j', wj)}) = A(i,j) + B(i,j)`;
      const formats = format === 'dense' ? {} : { A: format };
      const kernel = sparsify(expression, formats, { valueType });
      const A = operand(a, [m, n], format === 'dense' ? undefined : format, valueType);
      const B = operand(b, [m, n], undefined, valueType);
      const C = operand(prior, shape, undefined, valueType) as { data: Data; shape: number[] };
      const before = Array.from(C.data);
      const expected = windowedReference(prior, shape, [wi, wj], '=', ([x, y]) => {
        const k = (x as number) * n + (y as number);
        return (a[k] as number) + (b[k] as number);
      });
      expectEverywhere(kernel, { A, B, C }, expected, expression);
      // The whole output the caller passed is read, never written.
      expect(Array.from(C.data)).toEqual(before);
    }
  });

  it.each(VALUE_TYPES.map((valueType, v) => ({ valueType, seed: 200 + v })))(
    'y(i(w)) = A(i,j) * x(j) (a reduction into a strided window), $valueType, A CSR',
    ({ valueType, seed }) => {
      const next = seededRandom(seed);
      for (let trial = 0; trial < 4; trial++) {
        const size = 1 + Math.floor(next() * 9);
        const cols = 1 + Math.floor(next() * 6);
        const w = randomWindow(size, next);
        const m = windowCoordinates(size, w).length;
        const a = randomValues(m * cols, 0.4, next);
        const x = randomValues(cols, 0.9, next);
        const prior = randomValues(size, 0.8, next);
        const expression = `y(${windowText('i', w)}) = A(i,j) * x(j)`;
        const kernel = sparsify(expression, { A: 'CSR' }, { valueType });
        const expected = windowedReference(prior, [size], [w], '=', ([i]) => {
          let s = 0;
          for (let j = 0; j < cols; j++) s += (a[(i as number) * cols + j] as number) * x[j]!;
          return s;
        });
        expectEverywhere(
          kernel,
          {
            A: operand(a, [m, cols], 'CSR', valueType),
            x: operand(x, [cols], undefined, valueType),
            y: operand(prior, [size], undefined, valueType),
          },
          expected,
          expression,
        );
      }
    },
  );

  it.each(
    (['+=', '*='] as const).flatMap((op, o) =>
      VALUE_TYPES.map((valueType, v) => ({ op, valueType, seed: 300 + 10 * o + v })),
    ),
  )(
    'c(i(w)) $op b(i(v)) updates the window from its elements, $valueType, b sparse',
    ({ op, valueType, seed }) => {
      const next = seededRandom(seed);
      for (let trial = 0; trial < 4; trial++) {
        const size = 1 + Math.floor(next() * 9);
        const w = randomWindow(size, next);
        const m = windowCoordinates(size, w).length;
        // b is longer than the window: its own window of the same length.
        const bSize = m + Math.floor(next() * 4);
        const lo = Math.floor(next() * (bSize - m + 1));
        const v: IndexWindow = { lo, hi: lo + m, stride: 1 };
        const b = randomValues(bSize, 0.6, next);
        const prior = randomValues(size, 0.8, next);
        const expression = `c(${windowText('i', w)}) ${op} b(${windowText('i', v)})`;
        const kernel = sparsify(expression, { b: 'sparse-vector' }, { valueType });
        const expected = windowedReference(prior, [size], [w], op, ([x]) => {
          return b[lo + (x as number)] as number;
        });
        expectEverywhere(
          kernel,
          {
            b: operand(b, [bSize], 'sparse-vector', valueType),
            c: operand(prior, [size], undefined, valueType),
          },
          expected,
          expression,
        );
      }
    },
  );
});

describe('output windows: the edge windows, every engine', () => {
  it.each([
    { name: 'an empty window', w: { lo: 3, hi: 3, stride: 1 } },
    { name: 'an empty window at the very end', w: { lo: 6, hi: 6, stride: 2 } },
    { name: 'a stride larger than the extent', w: { lo: 2, hi: 6, stride: 9 } },
    { name: 'a window ending at the last element', w: { lo: 3, hi: 6, stride: 1 } },
    { name: 'a strided window past its last element read', w: { lo: 1, hi: 6, stride: 2 } },
  ])('$name: y(i(w)) = 2.0 * x(i) + x(i)', ({ w }) => {
    const m = windowCoordinates(6, w).length;
    const x = Array.from({ length: m }, (_, k) => k + 1);
    const prior = [7, 7, 7, 7, 7, 7];
    const expression = `y(${windowText('i', w)}) = 2.0 * x(i) + x(i)`;
    const expected = windowedReference(
      prior,
      [6],
      [w],
      '=',
      ([k]) => 3 * (x[k as number] as number),
    );
    expectEverywhere(
      sparsify(expression),
      { x: operand(x, [m], undefined, 'f32'), y: operand(prior, [6], undefined, 'f32') },
      expected,
      expression,
    );
  });
});

describe("output windows: TACO's test/tests-windowing.cpp", () => {
  /** A `dim` x `dim` matrix with element (i, j) = i + j, as TACO's tests fill theirs. */
  const iPlusJ = (dim: number): number[] =>
    Array.from({ length: dim * dim }, (_, k) => Math.floor(k / dim) + (k % dim));
  /** A zero matrix with the given (row, column, value) elements set. */
  const withEntries = (dim: number, entries: readonly [number, number, number][]): number[] => {
    const out = new Array<number>(dim * dim).fill(0);
    for (const [i, j, v] of entries) out[i * dim + j] = v;
    return out;
  };
  const js = (kernel: ReturnType<typeof sparsify>) =>
    compile(kernel.module, kernel.functionName, { engine: 'js' });

  it.each(['dense', 'CSR'] as const)(
    'slicedOutput: c(i(8,10), j(8,10)) = a(i(2,4), j(2,4)) + b(i(4,6), j(4,6)), a and b %s',
    (format) => {
      const f = format === 'dense' ? undefined : format;
      const kernel = sparsify(
        'c(i(8,10),j(8,10)) = a(i(2,4),j(2,4)) + b(i(4,6),j(4,6))',
        f === undefined ? {} : { a: f, b: f },
        { valueType: 'i32' },
      );
      const got = runKernel(kernel, js(kernel), {
        a: operand(iPlusJ(10), [10, 10], f, 'i32'),
        b: operand(iPlusJ(10), [10, 10], f, 'i32'),
        c: { data: new Int32Array(100), shape: [10, 10] },
      });
      expect(Array.from(got as Int32Array)).toEqual(
        withEntries(10, [
          [8, 8, 12],
          [8, 9, 14],
          [9, 8, 14],
          [9, 9, 16],
        ]),
      );
    },
  );

  it.each(['dense', 'CSR'] as const)(
    'assignment: B(i(2,4), j(3,5)) = A(i(4,6), j(5,7)) and B(i(4,6), j(5,7)) = A(i,j), A %s',
    (format) => {
      const f = format === 'dense' ? undefined : format;
      const formats = f === undefined ? {} : { A: f };
      const windowToWindow = sparsify('B(i(2,4),j(3,5)) = A(i(4,6),j(5,7))', formats, {
        valueType: 'i32',
      });
      const first = runKernel(windowToWindow, js(windowToWindow), {
        A: operand(iPlusJ(10), [10, 10], f, 'i32'),
        B: { data: new Int32Array(100), shape: [10, 10] },
      });
      expect(Array.from(first as Int32Array)).toEqual(
        withEntries(10, [
          [2, 3, 9],
          [2, 4, 10],
          [3, 3, 10],
          [3, 4, 11],
        ]),
      );
      const intoWindow = sparsify('B(i(4,6),j(5,7)) = A(i,j)', formats, { valueType: 'i32' });
      const second = runKernel(intoWindow, js(intoWindow), {
        A: operand([0, 1, 1, 2], [2, 2], f, 'i32'),
        B: { data: new Int32Array(100), shape: [10, 10] },
      });
      expect(Array.from(second as Int32Array)).toEqual(
        withEntries(10, [
          [4, 5, 0],
          [4, 6, 1],
          [5, 5, 1],
          [5, 6, 2],
        ]),
      );
    },
  );

  it('sliceMultipleWays: c(i(2,4)) = a(i(5,7)) + a(i(1,3)) + b(i(4,6)), b sparse', () => {
    const kernel = sparsify(
      'c(i(2,4)) = a(i(5,7)) + a(i(1,3)) + b(i(4,6))',
      { b: 'sparse-vector' },
      { valueType: 'i32' },
    );
    const ramp = Array.from({ length: 10 }, (_, i) => i);
    const got = runKernel(kernel, js(kernel), {
      a: operand(ramp, [10], undefined, 'i32'),
      b: operand(ramp, [10], 'sparse-vector', 'i32'),
      c: { data: new Int32Array(10), shape: [10] },
    });
    expect(Array.from(got as Int32Array)).toEqual([0, 0, 10, 13, 0, 0, 0, 0, 0, 0]);
  });
});

describe('output windows: calling', () => {
  const b = { data: new Float32Array([1, 2, 3]), shape: [3] };

  it('kernels differing only in their output windows share one emitted module', () => {
    const first = sparsify('a(i(0,3)) = b(i)');
    const second = sparsify('a(i(4,10,2)) = b(i)');
    expect(second.module).toBe(first.module);
    expect(second).not.toBe(first);
  });

  it('output, when given, receives the whole output (here the whole output itself: in place)', () => {
    const kernel = sparsify('a(i(1,6,2)) = b(i)');
    const fn = compile(kernel.module, kernel.functionName, { engine: 'wasm' });
    const a = { data: new Float32Array([9, 9, 9, 9, 9, 9]), shape: [6] };
    const got = runKernel(kernel, fn, { a, b }, a.data);
    expect(got).toBe(a.data);
    expect(Array.from(a.data)).toEqual([9, 1, 9, 2, 9, 3]);
  });

  it('outputShapeOf and outputShapeOfShapes give the whole output shape', () => {
    const kernel = sparsify('C(i(1,5,2),j) = A(i,j) * 2.0');
    const A = { data: new Float32Array(6), shape: [2, 3] };
    const C = { data: new Float32Array(15), shape: [5, 3] };
    expect(outputShapeOf(kernel, { A, C })).toEqual([5, 3]);
    expect(outputShapeOfShapes(kernel, { A: [2, 3], C: [5, 3] })).toEqual([5, 3]);
    expect(() => outputShapeOfShapes(kernel, { A: [3, 3], C: [5, 3] })).toThrow(
      expect.objectContaining({
        argument: 'operands.C',
        message: expect.stringMatching(/extent 3/),
      }),
    );
  });
});

describe('output windows: typed errors', () => {
  const b = { data: new Float32Array([1, 2]), shape: [2] };
  const run = (expression: string, operands: Parameters<typeof runKernel>[2], output?: Data) => {
    const kernel = sparsify(expression);
    return runKernel(
      kernel,
      compile(kernel.module, kernel.functionName, { engine: 'js' }),
      operands,
      output,
    );
  };
  const fails = (f: () => unknown, argument: string, message: RegExp) => {
    let error: unknown;
    try {
      f();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SparsifyError);
    expect((error as SparsifyError).argument).toBe(argument);
    expect((error as SparsifyError).message).toMatch(message);
  };

  it.each(['CSR', 'DCSR', 'COO'])(
    'a formatted (%s) output cannot be windowed: the error names the dense form',
    (format) => {
      let error: unknown;
      try {
        sparsify('C(i(0,2),j) = A(i,j)', { A: 'CSR', C: format as 'CSR' });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SparsifyError);
      expect(error).toMatchObject({
        argument: 'formats.C',
        expected: 'a dense output (no format) for a windowed output',
      });
      expect((error as Error).message).toMatch(/C\(i\(0,2,1\),j\)/);
    },
  );

  it('the whole output must be passed, dense, of the kernel value type, with room for the window', () => {
    fails(() => run('a(i(0,2)) = b(i)', { b }), 'operands.a', /missing.*whole output/);
    fails(
      () =>
        run('a(i(0,2)) = b(i)', {
          b,
          a: SparseTensor.fromDense(new Float32Array(4), [4], 'sparse-vector'),
        }),
      'operands.a',
      /must be dense/,
    );
    fails(
      () => run('a(i(0,2)) = b(i)', { b, a: { data: new Float32Array(1), shape: [1] } }),
      'operands.a',
      /ends past its size 1/,
    );
    fails(
      () => run('a(i(0,2)) = b(i)', { b, a: { data: new Float32Array(4), shape: [2, 2] } }),
      'operands.a',
      /expected rank 1/,
    );
    fails(
      () => run('a(i(0,2)) = b(i)', { b, a: { data: new Float64Array(4), shape: [4] } }),
      'operands.a',
      /Float64Array values but the kernel computes f32/,
    );
    fails(
      () => run('a(i(0,3)) = b(i)', { b, a: { data: new Float32Array(4), shape: [4] } }),
      'operands.a',
      /has 3 elements but the right-hand side gives i the extent 2/,
    );
    fails(
      () =>
        run(
          'a(i(0,2)) = b(i)',
          { b, a: { data: new Float32Array(4), shape: [4] } },
          new Float32Array(2),
        ),
      'output',
      /4 elements/,
    );
  });

  it('bindArguments refuses a windowed output, naming runKernel', () => {
    const kernel = sparsify('a(i(0,2)) = b(i)');
    fails(
      () => bindArguments(kernel, { b, a: { data: new Float32Array(4), shape: [4] } }),
      'kernel',
      /runKernel/,
    );
  });
});
