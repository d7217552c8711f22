/**
 * `sparsify`'s `loopOrder` option (TACO's `reorder`): for kernels of every shape the option
 * touches (dense and sparse outputs, co-iteration, affine subscripts, min/max reductions,
 * temporaries), every permutation of the index variables is either followed, with the same
 * result as the default order on every host engine, or refused with a typed error naming
 * `options.loopOrder`, and a dense-output sum kernel refuses exactly the orders that visit a
 * sparse operand's levels out of storage order.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { compile, type EngineName } from '@tilekit/loop-engines';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  blockSparseFormat,
  type FormatSpec,
  type KernelOperand,
  type KernelPlan,
  runKernel,
  type SparseKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';

/** One kernel: its formats and each operand's shape. */
interface Case {
  readonly expr: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly shapes: Readonly<Record<string, readonly number[]>>;
}

const CASES: readonly Case[] = [
  ...(['CSR', 'CSC', 'COO'] as const).map((A) => ({
    expr: 'y(i) = A(i,j) * x(j)',
    formats: { A },
    shapes: { A: [6, 5], x: [5] },
  })),
  ...(['CSR', 'CSC'] as const).map((A) => ({
    expr: 'C(i,k) = A(i,j) * B(j,k)',
    formats: { A },
    shapes: { A: [5, 4], B: [4, 3] },
  })),
  ...(['CSR', 'DCSR', 'CSC'] as const).map((F) => ({
    expr: 'O(i,j) = I(i+k, j+l) * F(k,l)',
    formats: { F },
    shapes: { I: [7, 6], F: [3, 2] },
  })),
  {
    expr: 'O(i,j) = I(i+k, j+l) * F(k,l)',
    formats: { I: 'CSR' },
    shapes: { I: [6, 7], F: [2, 3] },
  },
  {
    expr: 'O(i) += I(i+k) * F(k)',
    formats: { F: 'sparse-vector' },
    shapes: { I: [9], F: [3], O: [7] },
  },
  {
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    formats: { A: 'CSR', B: 'CSR' },
    shapes: { A: [5, 6], B: [5, 6] },
  },
  {
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    formats: { A: 'CSR', B: 'CSC' },
    shapes: { A: [5, 6], B: [5, 6] },
  },
  {
    expr: 'C(i,j) = A(i,j) * B(i,j)',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    shapes: { A: [5, 6], B: [5, 6] },
  },
  {
    expr: 'C(i,j) = A(i,k) * B(k,j)',
    formats: { A: 'CSR', B: 'CSR', C: 'CSR' },
    shapes: { A: [4, 5], B: [5, 3] },
  },
  { expr: 'y(i) = max(A(i,j) * x(j))', formats: { A: 'CSR' }, shapes: { A: [5, 4], x: [4] } },
  {
    expr: 'y(i) = sum(j, A(i,j)) * sum(k, B(i,k))',
    formats: { A: 'CSR', B: 'CSC' },
    shapes: { A: [4, 5], B: [4, 3] },
  },
  {
    expr: 's = a(i) * b(i)',
    formats: { a: 'sparse-vector' },
    shapes: { a: [8], b: [8] },
  },
];

const ENGINES: readonly EngineName[] = ['interpreter', 'wasm'];

/** Every ordering of `items`. */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, k) =>
    permutations([...items.slice(0, k), ...items.slice(k + 1)]).map((rest) => [item, ...rest]),
  );
}

/** Every loop nest of `plan`: its temporaries' first. */
const nestsOf = (plan: KernelPlan): KernelPlan[] => [...plan.temporaries.flatMap(nestsOf), plan];

/** Seeded operands of small integers (every sum exact in f64, in any order). */
function operandsOf(c: Case, seed: number): Record<string, KernelOperand> {
  const random = seededRandom(seed);
  return Object.fromEntries(
    Object.entries(c.shapes).map(([name, shape]) => {
      const format = c.formats[name];
      // Sparse operands half zeros; dense ones without zeros, so that results are not all 0.
      const density = format === undefined ? 1 : 0.5;
      const data = Float64Array.from({ length: shape.reduce((a, b) => a * b, 1) }, () =>
        random() < density ? Math.floor(random() * 9) - 4 || 1 : 0,
      );
      const operand =
        format === undefined
          ? { data, shape: [...shape] }
          : SparseTensor.fromDense(data, [...shape], format, { dtype: 'float64' });
      return [name, operand];
    }),
  );
}

/** The kernel's result on every engine, scalar and vectorized, as plain numbers. */
function resultsOf(kernel: SparseKernel, c: Case, operands: Record<string, KernelOperand>) {
  const vectorized = vectorize(kernel.module, { vectorLength: 4 }).module;
  return [
    ...ENGINES.map((engine) => ({ engine, module: kernel.module })),
    { engine: 'wasm' as const, module: vectorized },
  ].map(({ engine, module }) => {
    const run = compile(module, kernel.functionName, { engine });
    // `+=` reads its output: each run starts from the same one.
    const start = c.shapes.O === undefined ? undefined : new Float64Array(7).fill(2);
    const out = runKernel(kernel, run, operands, start);
    const values = out instanceof SparseTensor ? out.toDense() : out;
    return typeof values === 'number' ? [values] : Array.from(values as ArrayLike<number>);
  });
}

/**
 * The sparse operands a loop nest iterates whose levels `order` visits out of storage order
 * (from the formats alone, not from the planner).
 */
function storageViolations(c: Case, order: readonly string[]): string[] {
  const accesses = [...c.expr.matchAll(/([A-Za-z]+)\(([^()]*)\)/g)];
  const violated: string[] = [];
  for (const [, name, subscripts] of accesses) {
    const format = c.formats[name as string];
    const indices = (subscripts as string).split(',').map((s) => s.trim());
    // Operands read through affine subscripts are located, not iterated.
    if (format === undefined || indices.some((s) => !/^[a-z]$/.test(s))) continue;
    const dimOrder =
      typeof format === 'string'
        ? format === 'CSC' || format === 'DCSC'
          ? [1, 0]
          : indices.map((_, d) => d)
        : ((format as { order?: number[] }).order ?? indices.map((_, d) => d));
    const levels = dimOrder.map((d) => indices[d] as string);
    for (let l = 1; l < levels.length; l++) {
      if (order.indexOf(levels[l] as string) < order.indexOf(levels[l - 1] as string)) {
        violated.push(name as string);
        break;
      }
    }
  }
  return violated;
}

describe('sparsify({ loopOrder }) follows or refuses every permutation', () => {
  it.each(CASES.map((c) => [`${c.expr} ${JSON.stringify(c.formats)}`, c] as const))(
    '%s',
    (_, c) => {
      const base = sparsify(c.expr, c.formats, { valueType: 'f64' });
      const operands = operandsOf(c, c.expr.length * 31 + Object.keys(c.formats).length);
      const expected = resultsOf(base, c, operands)[0] as number[];
      expect(expected.some((x) => x !== 0)).toBe(true);
      const nests = nestsOf(base.plan);
      const vars = [...new Set(nests.flatMap((n) => [...n.loopOrder]))];
      const denseSum = nests.every((n) => n.output.format === undefined && n.reducer === 'sum');
      let followed = 0;
      for (const order of permutations(vars)) {
        let kernel: SparseKernel | undefined;
        let error: unknown;
        try {
          kernel = sparsify(c.expr, c.formats, { valueType: 'f64', loopOrder: order });
        } catch (e) {
          error = e;
        }
        const violations = storageViolations(c, order);
        if (kernel === undefined) {
          expect(error, order.join()).toBeInstanceOf(SparsifyError);
          expect((error as SparsifyError).argument).toBe('options.loopOrder');
          // A dense-output sum kernel refuses only orders against a sparse operand's storage.
          if (denseSum) expect(violations, order.join()).not.toEqual([]);
          continue;
        }
        expect(violations, order.join()).toEqual([]);
        followed++;
        for (const nest of nestsOf(kernel.plan)) {
          expect(nest.loopOrder, order.join()).toEqual(
            order.filter((v) => nest.loopOrder.includes(v)),
          );
        }
        for (const values of resultsOf(kernel, c, operands)) {
          expect(values, order.join()).toEqual(expected);
        }
      }
      // Some order is followed wherever one keeps every operand's storage order (the default
      // converts an operand where none does), and a dense-output sum kernel follows them all.
      const allowed = permutations(vars).filter((o) => storageViolations(c, o).length === 0);
      expect(followed).toBeGreaterThanOrEqual(Math.min(1, allowed.length));
      if (denseSum) expect(followed).toBe(allowed.length);
    },
  );

  it('runs the filter of a convolution outermost when asked: the same values, bit for bit', () => {
    const c = CASES.find((x) => x.expr.startsWith('O(i,j)') && x.formats.F === 'CSR') as Case;
    const random = seededRandom(11);
    const image = Float32Array.from({ length: 42 }, () => random() * 2 - 1);
    const filter = Float32Array.from({ length: 6 }, () => (random() < 0.6 ? random() : 0));
    const operands = {
      I: { data: image, shape: [7, 6] },
      F: SparseTensor.fromDense(filter, [3, 2], 'CSR'),
    };
    const run = (loopOrder?: string[]) => {
      const k = sparsify(c.expr, c.formats, loopOrder === undefined ? {} : { loopOrder });
      expect(k.plan.loopOrder).toEqual(loopOrder ?? ['i', 'j', 'k', 'l']);
      const out = runKernel(k, compile(k.module, k.functionName, { engine: 'wasm' }), operands);
      return new Uint32Array((out as Float32Array).buffer);
    };
    // The reductions keep their order (k, then l), so each output adds the same terms in turn.
    expect(Array.from(run(['k', 'l', 'i', 'j']))).toEqual(Array.from(run()));
  });
});

describe('sparsify({ loopOrder }) errors', () => {
  const expr = 'y(i) = A(i,j) * x(j)';
  it.each([
    ['a string', 'i,j', /must be an array of the expression's index variables/],
    ['a name twice', ['i', 'i', 'j'], /names i twice/],
    ['a number', ['i', 3], /holds 3, which is not an index variable/],
    ['an empty name', ['i', ''], /which is not an index variable/],
    ['a variable left out', ['i'], /leaves out j/],
    ['an unknown variable', ['i', 'j', 'q'], /names q, which the expression has not/],
    [
      'CSR columns outside its rows',
      ['j', 'i'],
      /visits the levels of A out of their storage order/,
    ],
  ])('%s', (_, loopOrder, message) => {
    const error = thrownBy(() => sparsify(expr, { A: 'CSR' }, { loopOrder } as never));
    expect(error).toBeInstanceOf(SparsifyError);
    expect((error as SparsifyError).argument).toBe('options.loopOrder');
    expect((error as Error).message).toMatch(message);
  });

  it('a min or max reduction outside the output loops is refused', () => {
    const error = thrownBy(() =>
      sparsify('y(j) = max(A(i,j) * x(i))', { A: 'CSR' }, { loopOrder: ['i', 'j'] }),
    );
    expect((error as SparsifyError).argument).toBe('options.loopOrder');
    expect((error as Error).message).toMatch(/a min or max reduction nests inside/);
  });

  it('a sparse output built in its level order is not reordered', () => {
    const error = thrownBy(() =>
      sparsify(
        'C(i,j) = A(i,k) * B(k,j)',
        { A: 'CSR', B: 'CSR', C: 'CSR' },
        { loopOrder: ['k', 'i', 'j'] },
      ),
    );
    expect(error).toBeInstanceOf(SparsifyError);
    expect((error as SparsifyError).argument).toBe('options.loopOrder');
  });

  it('a windowed operand is named as written, and a window takes the orders its operand does', () => {
    const expr = 'y(i) = A(i(1,5,2), j(0,3)) * x(j(3,6))';
    const error = thrownBy(() => sparsify(expr, { A: 'CSR' }, { loopOrder: ['j', 'i'] }));
    expect((error as SparsifyError).argument).toBe('options.loopOrder');
    expect((error as Error).message).toMatch(
      /the levels of A\(i\(1,5,2\),j\(0,3,1\)\) out of their storage order/,
    );
    const random = seededRandom(21);
    const data = Float64Array.from({ length: 48 }, () => Math.floor(random() * 9) - 4);
    const operands = {
      A: SparseTensor.fromDense(data, [8, 6], 'CSR', { dtype: 'float64' }),
      x: { data: Float64Array.from({ length: 6 }, (_, k) => k - 2), shape: [6] },
    };
    const run = (options: { loopOrder?: string[] }) => {
      const k = sparsify(expr, { A: 'CSR' }, { valueType: 'f64', ...options });
      const out = runKernel(k, compile(k.module, k.functionName, { engine: 'wasm' }), operands);
      return Array.from(out as Float64Array);
    };
    // Rows 1 and 3 of A's columns 0-2, against x's elements 3-5.
    const want = [1, 3].map((i) => [0, 1, 2].reduce((s, j) => s + data[i * 6 + j]! * (j + 1), 0));
    expect(run({ loopOrder: ['i', 'j'] })).toEqual(want);
    expect(run({})).toEqual(want);
  });

  it('block operands, whose loops run over their levels, take no loop order', () => {
    const error = thrownBy(() =>
      sparsify('y(i) = A(i,j) * x(j)', { A: blockSparseFormat([2, 2]) }, { loopOrder: ['i', 'j'] }),
    );
    expect((error as SparsifyError).argument).toBe('options.loopOrder');
    expect((error as Error).message).toMatch(/block or structured operands/);
  });
});
