/**
 * Windows and strides on operands (`A(i(1,5,2), j)`, TACO's windows): every format, every
 * engine, seeded random windows against a plain loop over the dense operands with the windows
 * applied, the cases of TACO's test/tests-windowing.cpp (their expected values), and the typed
 * errors of bad windows.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  type Expr,
  type IndexWindow,
  NotationSyntaxError,
  outputShapeOfShapes,
  parseNotation,
  printExpr,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';
import { windowOfTensor } from '../../src/sparse-tensor/window.js';
import { ENGINES } from './every-engine.js';

const MATRIX_FORMATS = ['CSR', 'CSC', 'COO', 'DCSR', 'dense'] as const;

interface Dense {
  readonly data: Float64Array | Float32Array;
  readonly shape: readonly number[];
}

/**
 * The dense reference: loops over every tuple of the kernel's index variables (sizes read off
 * the accesses, a windowed dimension's size its window's length), reading a windowed
 * dimension at `lo + x * stride`; indices absent from the output are summed over the whole
 * right-hand side (the cases here reduce an index only where every term uses it, where that
 * is TACO's meaning too).
 */
function reference(expression: string, inputs: Readonly<Record<string, Dense>>): Float64Array {
  const n = parseNotation(expression);
  const sizes = new Map<string, number>();
  const accesses: {
    tensor: string;
    indices: readonly string[];
    windows?: readonly (IndexWindow | null)[];
  }[] = [];
  const collect = (e: Expr): void => {
    if (e.kind === 'access') accesses.push(e);
    if (e.kind === 'binary') {
      collect(e.lhs);
      collect(e.rhs);
    }
    if (e.kind === 'neg') collect(e.operand);
  };
  collect(n.rhs);
  for (const a of accesses) {
    a.indices.forEach((i, d) => {
      const w = a.windows?.[d];
      let len = (inputs[a.tensor] as Dense).shape[d] as number;
      if (w !== null && w !== undefined) {
        len = 0;
        for (let c = w.lo; c < w.hi; c += w.stride) len++;
      }
      sizes.set(i, len);
    });
  }
  const vars = [...sizes.keys()];
  const outShape = n.output.indices.map((i) => sizes.get(i) as number);
  const out = new Float64Array(outShape.reduce((a, b) => a * b, 1));
  const at = new Map<string, number>();
  const evaluate = (e: Expr): number => {
    switch (e.kind) {
      case 'access': {
        const t = inputs[e.tensor] as Dense;
        let k = 0;
        e.indices.forEach((i, d) => {
          const w = e.windows?.[d];
          const x = at.get(i) as number;
          const c = w === null || w === undefined ? x : w.lo + x * w.stride;
          k = k * (t.shape[d] as number) + c;
        });
        return t.data[k] as number;
      }
      case 'const':
        return e.value;
      case 'neg':
        return -evaluate(e.operand);
      case 'binary': {
        const a = evaluate(e.lhs);
        const b = evaluate(e.rhs);
        return e.op === '+' ? a + b : e.op === '-' ? a - b : a * b;
      }
      default:
        throw new Error(`reference: ${e.kind} is not used here`);
    }
  };
  const visit = (d: number): void => {
    if (d === vars.length) {
      let o = 0;
      n.output.indices.forEach((i, k) => {
        o = o * (outShape[k] as number) + (at.get(i) as number);
      });
      out[o] = (out[o] as number) + evaluate(n.rhs);
      return;
    }
    const v = vars[d] as string;
    for (let x = 0; x < (sizes.get(v) as number); x++) {
      at.set(v, x);
      visit(d + 1);
    }
  };
  visit(0);
  return out;
}

/** Small integers (exact in f32 whatever the order of the sums), about `density` of them. */
function randomDense(shape: readonly number[], density: number, next: () => number): Dense {
  const size = shape.reduce((a, b) => a * b, 1);
  const data = Float64Array.from({ length: size }, () =>
    next() < density ? 1 + Math.floor(next() * 9) * (next() < 0.5 ? -1 : 1) : 0,
  );
  return { data, shape };
}

/** A window of `length` elements with a random stride 1..4 inside a dimension of `size`. */
function randomWindow(size: number, length: number, next: () => number): IndexWindow {
  const strides = [1, 2, 3, 4].filter((s) => length <= 1 || (length - 1) * s + 1 <= size);
  const stride = strides[Math.floor(next() * strides.length)] as number;
  const span = length === 0 ? 0 : (length - 1) * stride + 1;
  // Edges are drawn often: a window starting at 0 or ending at the last element.
  const r = next();
  const lo = r < 0.25 ? 0 : r < 0.5 ? size - span : Math.floor(next() * (size - span + 1));
  // Any end that keeps the length: up to stride - 1 past the last element read.
  const slack = length === 0 ? 0 : Math.floor(next() * stride);
  return { lo, hi: Math.min(size, lo + span + slack), stride };
}

const text = (i: string, w: IndexWindow): string => `${i}(${w.lo},${w.hi},${w.stride})`;

/** A random matrix extent of 1..`largest` each way, and window lengths `li`, `lj` that fit it. */
function randomExtents(largest: number, next: () => number) {
  const rows = 1 + Math.floor(next() * largest);
  const cols = 1 + Math.floor(next() * largest);
  return { rows, cols, li: Math.floor(next() * (rows + 1)), lj: Math.floor(next() * (cols + 1)) };
}

/** The operand in `format` (a dense operand for `'dense'` without a format). */
function operandOf(d: Dense, format: string | undefined): SparseTensor | Dense {
  if (format === undefined) return { data: Float32Array.from(d.data), shape: d.shape };
  return SparseTensor.fromDense(Float32Array.from(d.data), d.shape, format as 'CSR');
}

/** Runs `expression` on every engine and compares with the dense reference. */
function expectAgrees(
  expression: string,
  dense: Readonly<Record<string, Dense>>,
  formats: Readonly<Record<string, string | undefined>>,
): void {
  const kernelFormats = Object.fromEntries(
    Object.entries(formats).filter((e): e is [string, string] => e[1] !== undefined),
  );
  const kernel = sparsify(expression, kernelFormats as Record<string, 'CSR'>);
  const operands = Object.fromEntries(
    Object.entries(dense).map(([name, d]) => [name, operandOf(d, formats[name])]),
  );
  const expected = Array.from(reference(expression, dense));
  for (const engine of ENGINES) {
    const fn = compile(kernel.module, kernel.functionName, { engine });
    const got = runKernel(kernel, fn, operands) as Float32Array;
    expect(
      Array.from(got, (x) => (x === 0 ? 0 : x)),
      `${engine}: ${expression}`,
    ).toEqual(expected.map((x) => (x === 0 ? 0 : x)));
  }
}

describe('operand windows: seeded random windows against a dense loop', () => {
  /** One test per matrix format (seeds `seed`, `seed + 1`, ...), each of six seeded trials. */
  const eachMatrixFormat = (
    name: string,
    seed: number,
    trial: (format: string | undefined, next: () => number) => void,
  ) =>
    it.each(MATRIX_FORMATS.map((format, f) => ({ format, seed: seed + f })))(
      `${name}, $format`,
      ({ format, seed }) => {
        const next = seededRandom(seed);
        for (let k = 0; k < 6; k++) trial(format === 'dense' ? undefined : format, next);
      },
    );

  eachMatrixFormat(
    'matrix-vector product with windows on both operands and dimensions',
    11,
    (format, next) => {
      const { rows, cols, li, lj } = randomExtents(9, next);
      const A = randomDense([rows, cols], 0.4, next);
      const x = randomDense([cols + 3], 0.7, next);
      const wi = randomWindow(rows, li, next);
      const wj = randomWindow(cols, lj, next);
      const wx = randomWindow(cols + 3, lj, next);
      const expression = `y(i) = A(${text('i', wi)}, ${text('j', wj)}) * x(${text('j', wx)})`;
      expectAgrees(expression, { A, x }, { A: format });
    },
  );

  eachMatrixFormat(
    'sum of two windows of one tensor and a windowed second operand',
    31,
    (format, next) => {
      const { rows, cols, li, lj } = randomExtents(10, next);
      const A = randomDense([rows, cols], 0.35, next);
      const B = randomDense([rows, cols], 0.35, next);
      const [w1, w2, w3] = [0, 1, 2].map(() => randomWindow(rows, li, next)) as IndexWindow[];
      const [v1, v2] = [0, 1].map(() => randomWindow(cols, lj, next)) as IndexWindow[];
      const expression = `C(i,j) = A(${text('i', w1 as IndexWindow)}, ${text('j', v1 as IndexWindow)}) + A(${text('i', w2 as IndexWindow)}, j(0,${lj})) * 2 - B(${text('i', w3 as IndexWindow)}, ${text('j', v2 as IndexWindow)})`;
      expectAgrees(expression, { A, B }, { A: format, B: format });
    },
  );

  it('vectors: sparse-vector and dense operands, strides 1..4, empty windows', () => {
    const next = seededRandom(7);
    for (let trial = 0; trial < 12; trial++) {
      const n = 1 + Math.floor(next() * 16);
      const len = trial % 4 === 0 ? 0 : Math.floor(next() * (n + 1));
      const b = randomDense([n], 0.5, next);
      const c = randomDense([n + 2], 0.5, next);
      const wb = randomWindow(n, len, next);
      const wc = randomWindow(n + 2, len, next);
      for (const formats of [
        { b: 'sparse-vector', c: 'sparse-vector' },
        { b: 'sparse-vector', c: undefined },
        { b: undefined, c: undefined },
      ]) {
        expectAgrees(`y(i) = b(${text('i', wb)}) * c(${text('i', wc)})`, { b, c }, formats);
        expectAgrees(`y(i) = b(${text('i', wb)}) + c(${text('i', wc)})`, { b, c }, formats);
        expectAgrees(`s = b(${text('i', wb)}) * c(${text('i', wc)})`, { b, c }, formats);
      }
    }
  });

  it('CSF 3-tensor windowed on every dimension times a windowed vector', () => {
    const next = seededRandom(5);
    for (let trial = 0; trial < 5; trial++) {
      const shape = [2, 3, 4].map((s) => s + Math.floor(next() * 4));
      const [s0, s1, s2] = shape as [number, number, number];
      const T = randomDense(shape, 0.3, next);
      const v = randomDense([s2], 0.8, next);
      const lk = Math.floor(next() * (s2 + 1));
      const wi = randomWindow(s0, Math.floor(next() * (s0 + 1)), next);
      const wj = randomWindow(s1, Math.floor(next() * (s1 + 1)), next);
      const wk = randomWindow(s2, lk, next);
      const wv = randomWindow(s2, lk, next);
      const expression = `Y(i,j) = T(${text('i', wi)}, ${text('j', wj)}, ${text('k', wk)}) * v(${text('k', wv)})`;
      expectAgrees(expression, { T, v }, { T: 'CSF' });
    }
  });
});

/** TACO's test tensors: `a(i, j) = i + j` (every element inserted, so `a(0, 0) = 0` too). */
function iPlusJ(dim: number): Dense {
  return {
    data: Float64Array.from({ length: dim * dim }, (_, k) => Math.floor(k / dim) + (k % dim)),
    shape: [dim, dim],
  };
}

/** Runs on the interpreter and returns the dense result. */
function evaluateKernel(
  expression: string,
  operands: Readonly<Record<string, SparseTensor | Dense>>,
  formats: Readonly<Record<string, 'CSR'>> = {},
): number[] {
  const kernel = sparsify(expression, formats);
  const fn = compile(kernel.module, kernel.functionName, { engine: 'js' });
  return Array.from(runKernel(kernel, fn, operands) as Float32Array);
}

// Cases of TACO's test/tests-windowing.cpp, with TACO's expected values. TACO's "Sparse" mode
// of a `{Dense, x}` matrix is CSR here; a sparse vector is 'sparse-vector'.
describe("TACO's tests-windowing.cpp", () => {
  const formatsOf = (sparse: boolean) => (sparse ? ('CSR' as const) : undefined);

  it.each([
    [6, false, false, false],
    [6, true, false, true],
    [20, true, true, true],
    [20, false, true, false],
  ])('basic: dim %i, a/b/c sparse %s %s %s (add and multiply)', (dim, x, y, z) => {
    const d = iPlusJ(dim);
    const a = operandOf(d, formatsOf(x));
    const b = operandOf(d, formatsOf(y));
    const c = operandOf(d, formatsOf(z));
    const formats = Object.fromEntries(
      (
        [
          ['a', x],
          ['b', y],
          ['c', z],
        ] as const
      )
        .filter(([, s]) => s)
        .map(([n]) => [n, 'CSR' as const]),
    );
    const add = 'd(i,j) = a(i(2,4), j(2,4)) + b(i(4,6), j(4,6)) + c(i(1,3), j(1,3))';
    const mul = 'd(i,j) = a(i(2,4), j(2,4)) * b(i(4,6), j(4,6)) * c(i(1,3), j(1,3))';
    expect(evaluateKernel(add, { a, b, c }, formats)).toEqual([14, 17, 17, 20]);
    expect(evaluateKernel(mul, { a, b, c }, formats)).toEqual([64, 135, 135, 240]);
  });

  it('sliceMultipleWays: one tensor sliced two ways in one expression (unwindowed output)', () => {
    const a = { data: Float32Array.from({ length: 10 }, (_, k) => k), shape: [10] };
    const b = SparseTensor.fromDense(a.data, [10], 'sparse-vector');
    const got = evaluateKernel(
      'c(i) = a(i(5,7)) + a(i(1,3)) + b(i(4,6))',
      { a, b },
      {
        b: 'sparse-vector' as 'CSR',
      },
    );
    // TACO writes these into c(i(2,4)): elements 2 and 3 of its c are 10 and 13.
    expect(got).toEqual([10, 13]);
  });

  it.each([
    [false, false],
    [true, false],
    [false, true],
    [true, true],
  ])('stride: a(i(0,10,5), j(0,10,5)), a/b sparse %s %s', (x, y) => {
    const d = iPlusJ(10);
    const a = operandOf(d, formatsOf(x));
    const b = operandOf(d, formatsOf(y));
    const formats = Object.fromEntries(
      [x ? ['a', 'CSR'] : [], y ? ['b', 'CSR'] : []].filter((e) => e.length > 0),
    ) as Record<string, 'CSR'>;
    const w = 'i(0,10,5), j(0,10,5)';
    expect(evaluateKernel(`c(i,j) = a(${w})`, { a }, x ? { a: 'CSR' } : {})).toEqual([0, 5, 5, 10]);
    expect(evaluateKernel(`c(i,j) = a(${w}) + b(${w})`, { a, b }, formats)).toEqual([
      0, 10, 10, 20,
    ]);
    expect(evaluateKernel(`c(i,j) = a(${w}) * b(${w})`, { a, b }, formats)).toEqual([
      0, 25, 25, 100,
    ]);
  });

  it.each([false, true])(
    'matrixMultiply: aw(i(4,8), j(2,6)) * bw(j(0,4), k(6,10)), sparse %s',
    (s) => {
      const aw = iPlusJ(10);
      const bw = iPlusJ(10);
      const expression = 'c(i,k) = aw(i(4,8), j(2,6)) * bw(j(0,4), k(6,10))';
      const formats = s ? { aw: 'CSR' as const, bw: 'CSR' as const } : {};
      const got = evaluateKernel(
        expression,
        { aw: operandOf(aw, formatsOf(s)), bw: operandOf(bw, formatsOf(s)) },
        formats,
      );
      expect(got).toEqual(Array.from(reference(expression, { aw, bw })));
    },
  );

  it.each([false, true])('assignment: B(i,j) = A(i(4,6), j(5,7)), sparse %s', (s) => {
    const A = operandOf(iPlusJ(10), formatsOf(s));
    expect(evaluateKernel('B(i,j) = A(i(4,6), j(5,7))', { A }, s ? { A: 'CSR' } : {})).toEqual([
      9, 10, 10, 11,
    ]);
  });

  it('workspace: d(i) = (a(i(2,6)) + b(i(6,10))) + c(i(0,4))', () => {
    const v = Float64Array.from({ length: 10 }, (_, k) => k);
    const a = SparseTensor.fromDense(Float32Array.from(v), [10], 'sparse-vector');
    const b = { data: Float32Array.from(v), shape: [10] };
    const c = { data: Float32Array.from(v), shape: [10] };
    const got = evaluateKernel(
      'd(i) = (a(i(2,6)) + b(i(6,10))) + c(i(0,4))',
      { a, b, c },
      {
        a: 'sparse-vector' as 'CSR',
      },
    );
    expect(got).toEqual([8, 11, 14, 17]);
  });
});

describe('operand windows with the rest of the notation', () => {
  it.each([
    'y(i) = A(i(1,7,2), j) * x(j) + A(i(0,3), j(0,8)) * x(j)',
    'Y(i,j) = A(i(2,8,2), j(1,5)) * 3 - z(i(1,4))',
    'C(i,k) = A(i(0,6,2), j(2,6)) * A(k(1,5), j(0,8,2))',
    's = A(i(5,8), j(0,8,4)) * A(i(0,3), j(4,6))',
  ])('%s (seeded operands, CSR/DCSR/dense, every engine)', (expression) => {
    const next = seededRandom(expression.length);
    const A = randomDense([8, 8], 0.5, next);
    const x = randomDense([8], 0.8, next);
    const z = randomDense([4], 0.8, next);
    for (const format of ['CSR', 'DCSR', undefined]) {
      expectAgrees(expression, { A, x, z }, { A: format });
    }
  });

  it('max over a window, and index values, against plain loops', () => {
    const next = seededRandom(9);
    const dense = randomDense([7, 6], 0.5, next);
    const A = SparseTensor.fromDense(Float32Array.from(dense.data), [7, 6], 'CSR');
    const k = sparsify('y(i) = max(A(i(1,7,3), j(1,6,2)))', { A: 'CSR' });
    const got = Array.from(
      runKernel(k, compile(k.module, k.functionName, { engine: 'wasm' }), { A }) as Float32Array,
    );
    const expected = [1, 4].map((r) =>
      Math.max(...[1, 3, 5].map((c) => dense.data[r * 6 + c] as number)),
    );
    expect(got).toEqual(expected);
    const b = { data: Float32Array.from([1, 2, 3, 4, 5, 6]), shape: [6] };
    const kb = sparsify('y(i) = b(i(2,6)) * i');
    const gotB = runKernel(kb, compile(kb.module, kb.functionName, { engine: 'js' }), { b });
    expect(Array.from(gotB as Float32Array)).toEqual([0, 4, 10, 18]);
  });

  it.each(['CSR', 'DCSR', 'COO'] as const)(
    'a sparse output (%s) of windowed operands, and += into a dense output',
    (format) => {
      const next = seededRandom(21);
      for (let trial = 0; trial < 4; trial++) {
        const A = randomDense([9, 7], 0.4, next);
        const B = randomDense([9, 7], 0.4, next);
        const wi = randomWindow(9, 3, next);
        const vi = randomWindow(9, 3, next);
        const wj = randomWindow(7, 2, next);
        const expression = `C(i,j) = A(${text('i', wi)}, ${text('j', wj)}) + B(${text('i', vi)}, j(5,7))`;
        const k = sparsify(expression, { A: 'CSR', B: 'CSR', C: format });
        const operands = {
          A: SparseTensor.fromDense(Float32Array.from(A.data), [9, 7], 'CSR'),
          B: SparseTensor.fromDense(Float32Array.from(B.data), [9, 7], 'CSR'),
        };
        const expected = Array.from(reference(expression, { A, B }));
        for (const engine of ENGINES) {
          const C = runKernel(
            k,
            compile(k.module, k.functionName, { engine }),
            operands,
          ) as SparseTensor;
          expect(C.shape).toEqual([3, 2]);
          expect(Array.from(C.toDense() as Float32Array, (v) => (v === 0 ? 0 : v))).toEqual(
            expected.map((v) => (v === 0 ? 0 : v)),
          );
        }
        const acc = sparsify(expression.replace(' = ', ' += '), { A: 'CSR', B: 'CSR' });
        const start = Float32Array.from([1, 2, 3, 4, 5, 6]);
        const out = runKernel(
          acc,
          compile(acc.module, acc.functionName, { engine: 'js' }),
          operands,
          start.slice(),
        );
        expect(Array.from(out as Float32Array)).toEqual(
          expected.map((v, e) => v + (start[e] as number)),
        );
      }
    },
  );
});

describe('operand windows: materialization and caching', () => {
  it('a sparse window keeps stored zeros and the format, coordinates re-based', () => {
    const next = seededRandom(3);
    for (const format of ['CSR', 'CSC', 'COO', 'DCSR', 'dense'] as const) {
      for (let trial = 0; trial < 5; trial++) {
        const rows = 1 + Math.floor(next() * 8);
        const cols = 1 + Math.floor(next() * 8);
        const coords: number[][] = [];
        const values: number[] = [];
        for (let r = 0; r < rows; r++)
          for (let c = 0; c < cols; c++)
            if (next() < 0.4) {
              coords.push([r, c]);
              values.push(next() < 0.3 ? 0 : 1 + Math.floor(next() * 5));
            }
        const t = SparseTensor.fromCoordinates(
          coords,
          Float32Array.from(values),
          [rows, cols],
          format,
        );
        const wi = randomWindow(rows, Math.floor(next() * (rows + 1)), next);
        const wj = randomWindow(cols, Math.floor(next() * (cols + 1)), next);
        const w = windowOfTensor(t, [wi, wj]);
        expect(w.format).toEqual(t.format);
        // Every stored entry of t inside the window, re-based, in order.
        const expected = t
          .toCoordinates()
          .coordinates.map((c, e) => ({ c, v: t.toCoordinates().values[e] }))
          .filter(({ c }) =>
            [wi, wj].every((win, d) => {
              const x = c[d] as number;
              return x >= win.lo && x < win.hi && (x - win.lo) % win.stride === 0;
            }),
          )
          .map(({ c, v }) => [(c[0]! - wi.lo) / wi.stride, (c[1]! - wj.lo) / wj.stride, v]);
        const got = w.toCoordinates();
        expect(got.coordinates.map((c, e) => [...c, got.values[e]])).toEqual(expected);
      }
    }
  });

  it('kernels differing only in window bounds share one emitted module', () => {
    const k1 = sparsify('y(i) = A(i(0,2), j(1,4,2)) * x(j)', { A: 'CSR' });
    const k2 = sparsify('y(i) = A(i(3,9,3), j(0,2)) * x(j)', { A: 'CSR' });
    expect(k1.module).toBe(k2.module);
    expect(k1).not.toBe(k2);
  });

  it('outputShapeOfShapes sizes a windowed index by its window', () => {
    const k = sparsify('y(i) = A(i(1,8,3), j) * x(j)', { A: 'CSR' });
    expect(outputShapeOfShapes(k, { A: [9, 4], x: [4] })).toEqual([3]);
  });

  it('printExpr writes windows back, and parseNotation reads them', () => {
    const rhs = parseNotation('y(i) = A(i(1,5,2), j) * b(j(0, 3))').rhs;
    expect(printExpr(rhs)).toBe('(A(i(1,5,2),j)*b(j(0,3,1)))');
    expect(parseNotation(`y(i) = ${printExpr(rhs)}`).rhs).toEqual(rhs);
  });
});

describe('operand windows: typed errors', () => {
  const b = { data: new Float32Array(5), shape: [5] };
  const run = (expression: string, operands: Record<string, unknown>) => {
    const k = sparsify(expression);
    return runKernel(k, compile(k.module, k.functionName, { engine: 'js' }), operands as never);
  };

  it.each([
    ['y(i) = b(i(3,2))', 'a window end of at least its start 3'],
    ['y(i) = b(i(0,4,0))', 'a window stride of at least 1'],
    ['y(i) = b(i(-1,4))', 'a window start, a non-negative integer'],
    ['y(i) = b(i(0,2.5))', 'a window end, a non-negative integer'],
    ['y(i) = b(i(0,4,-2))', 'a window stride, a non-negative integer'],
    ['y(i) = b(i(0,4,1.5))', 'a window stride, a non-negative integer'],
  ])('%s is a NotationSyntaxError', (expression, expected) => {
    const error = ((): unknown => {
      try {
        sparsify(expression);
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(NotationSyntaxError);
    expect((error as NotationSyntaxError).expected).toBe(expected);
  });

  it('a window ending past its dimension names the operand and dimension (TACO boundsChecks)', () => {
    expect(() => run('y(i) = b(i(0,10))', { b })).toThrow(
      expect.objectContaining({
        argument: 'operands.b',
        message: expect.stringMatching(/dimension 0 ends past its size 5/),
      }),
    );
    const A = SparseTensor.fromDense(new Float32Array(12), [3, 4], 'CSR');
    const k = sparsify('y(i) = A(i, j(1,5)) * x(j)', { A: 'CSR' });
    expect(() =>
      runKernel(k, compile(k.module, k.functionName, { engine: 'js' }), {
        A,
        x: { data: new Float32Array(4), shape: [4] },
      }),
    ).toThrow(
      expect.objectContaining({
        argument: 'operands.A',
        message: expect.stringMatching(/dimension 1/),
      }),
    );
  });

  it('extents that disagree name the windowed operand and dimension', () => {
    const c = { data: new Float32Array(5), shape: [5] };
    expect(() => run('y(i) = b(i(0,2)) + c(i(0,3))', { b, c })).toThrow(
      expect.objectContaining({
        argument: expect.stringMatching(/^operands\.[bc]$/),
        message: expect.stringMatching(
          /dimension 0 \(index i\) of the window [bc]\(i\(0,[23],1\)\) is [23] but another operand has [23]/,
        ),
      }),
    );
    expect(() => run('y(i) = b(i(0,2)) + c(i)', { b, c })).toThrow(SparsifyError);
  });

  it('a windowed operand that is missing or a number is a SparsifyError naming it', () => {
    expect(() => run('y(i) = b(i(0,2))', {})).toThrow(
      expect.objectContaining({ argument: 'operands.b' }),
    );
    expect(() => run('y(i) = b(i(0,2))', { b: 3 })).toThrow(
      expect.objectContaining({ argument: 'operands.b' }),
    );
    expect(() => run('y(i) = b(i(0,2), j(0,1))', { b })).toThrow(
      expect.objectContaining({ argument: 'operands.b', message: expect.stringMatching(/rank 2/) }),
    );
  });
});
