/**
 * Affine subscripts (`O(i,j) = I(i+k, j+l) * F(k,l)`): convolutions with a dense image and a
 * sparse filter, a sparse image and a dense filter, and both sparse, in every format, on every
 * host engine (scalar and through the vectorizer), against a plain-loop convolution over the
 * dense arrays; the cases of MLIR's sparse_conv_2d.mlir, sparse_conv_3d.mlir and
 * sparse_conv_1d_nwc_wcf.mlir (mlir/test/Integration/Dialect/SparseTensor/CPU) with their
 * expected values; the output extents (image - filter + 1, strided); empty and degenerate
 * shapes; and the typed errors of the forms that are not supported.
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { compile, type EngineName } from '@tilekit/loop-engines';
import type { Module } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { runChunks } from '@tilekit/test-support';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  NotationSyntaxError,
  outputShapeOf,
  parseNotation,
  printExpr,
  runKernel,
  type SparseKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';
import { interpretKernel, linalgFor, mlirModuleOf } from './linalg.js';

const ENGINES: readonly EngineName[] = ['interpreter', 'js', 'wasm'];

type Operand = SparseTensor | { data: Float32Array; shape: number[] };

/** `kernel`'s dense output on every engine, scalar and vectorized (4 lanes), each labelled. */
function runEverywhere(
  kernel: SparseKernel,
  operands: Readonly<Record<string, Operand>>,
): { label: string; values: number[] }[] {
  const vectorized = vectorize(kernel.module, { vectorLength: 4 }).module;
  return [
    ...ENGINES.map((engine) => ({ label: engine, module: kernel.module, engine })),
    ...(['js', 'wasm'] as const).map((engine) => ({
      label: `${engine} vl=4`,
      module: vectorized,
      engine,
    })),
  ].map(({ label, module, engine }) => {
    const run = compile(module, kernel.functionName, { engine });
    const out = runKernel(kernel, run, operands);
    const values = out instanceof SparseTensor ? out.toDense() : out;
    return { label, values: Array.from(values as ArrayLike<number>) };
  });
}

/** Small integers (exact in f32 sums), about `density` of them non-zero. */
function randomData(random: () => number, size: number, density: number): Float32Array {
  return Float32Array.from({ length: size }, () =>
    random() < density ? Math.floor(random() * 9) - 4 || 1 : 0,
  );
}

/** `data` of `shape` in `format` (`'dense'`: the plain row-major operand). */
function operand(data: Float32Array, shape: number[], format: FormatSpec): Operand {
  return format === 'dense' ? { data, shape } : SparseTensor.fromDense(data, shape, format);
}

const FORMATS_BY_RANK: Readonly<Record<number, readonly FormatSpec[]>> = {
  1: ['dense', 'sparse-vector', 'COO'],
  2: ['dense', 'CSR', 'CSC', 'DCSR', 'DCSC', 'COO'],
  3: [
    'dense',
    'CSF',
    'COO',
    { levels: ['compressed', 'dense', 'compressed'] },
    { levels: ['dense', 'compressed', 'compressed'], order: [2, 0, 1] },
  ],
};

/** One convolution: per dimension a stride and offset (`s*i + k + o`), image and filter sizes. */
interface Conv {
  readonly strides: readonly number[];
  readonly offsets: readonly number[];
  readonly image: readonly number[];
  readonly filter: readonly number[];
  /** Write `k + i` rather than `i + k`. */
  readonly filterFirst: boolean;
}

/** The notation of `c`: `O(i0,i1) = I(2*i0+k0+1, k1+i1) * F(k0,k1)`. */
function notationOf(c: Conv): string {
  const dims = c.image.map((_, a) => a);
  const subscript = (a: number): string => {
    const s = c.strides[a] as number;
    const o = c.offsets[a] as number;
    const i = s === 1 ? `i${a}` : `${s}*i${a}`;
    const sum = c.filterFirst ? `k${a}+${i}` : `${i}+k${a}`;
    return o === 0 ? sum : `${sum}+${o}`;
  };
  return `O(${dims.map((a) => `i${a}`).join(',')}) = I(${dims.map(subscript).join(', ')}) * F(${dims.map((a) => `k${a}`).join(',')})`;
}

/**
 * The output extents of `c` by the usual rule for a convolution without padding or dilation:
 * `floor((image - offset - filter) / stride) + 1`, at least 0.
 */
function outputShapeOfConv(c: Conv): number[] {
  return c.image.map((n, a) =>
    Math.max(
      0,
      Math.floor(
        (n - (c.offsets[a] as number) - (c.filter[a] as number)) / (c.strides[a] as number),
      ) + 1,
    ),
  );
}

const sizeOf = (shape: readonly number[]): number => shape.reduce((a, b) => a * b, 1);

/** Row-major tuples of `shape`. */
function* tuples(shape: readonly number[]): Generator<number[]> {
  if (shape.some((n) => n === 0)) return;
  const t = shape.map(() => 0);
  for (;;) {
    yield [...t];
    let a = shape.length - 1;
    while (a >= 0 && ++(t[a] as number) === shape[a]) t[a--] = 0;
    if (a < 0) return;
  }
}

/** Row-major offset of `at` in `shape`. */
function offsetOf(at: readonly number[], shape: readonly number[]): number {
  return at.reduce((off, x, a) => off * (shape[a] as number) + x, 0);
}

/** The plain-loop convolution: every output tuple sums image * filter over every filter tuple. */
function referenceConv(c: Conv, image: Float32Array, filter: Float32Array): number[] {
  const outShape = outputShapeOfConv(c);
  const out = new Array<number>(sizeOf(outShape)).fill(0);
  for (const i of tuples(outShape)) {
    let sum = 0;
    for (const k of tuples(c.filter)) {
      const at = i.map(
        (x, a) => (c.strides[a] as number) * x + (k[a] as number) + (c.offsets[a] as number),
      );
      sum += (image[offsetOf(at, c.image)] as number) * (filter[offsetOf(k, c.filter)] as number);
    }
    out[offsetOf(i, outShape)] = sum;
  }
  return out;
}

describe('affine subscripts: seeded random convolutions in every format, on every engine', () => {
  const random = seededRandom(20261129);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)] as T;
  const cases: { c: Conv; imageFormat: FormatSpec; filterFormat: FormatSpec }[] = [];
  for (let n = 0; n < 36; n++) {
    const rank = 1 + (n % 3);
    const strided = random() < 0.3;
    const filter = Array.from({ length: rank }, () => 1 + Math.floor(random() * 3));
    const c: Conv = {
      strides: filter.map(() => (strided && random() < 0.6 ? 2 : 1)),
      offsets: filter.map(() => (random() < 0.2 ? 1 : 0)),
      filter,
      image: filter.map((k) => k + Math.floor(random() * (rank === 3 ? 4 : 6))),
      filterFirst: random() < 0.3,
    };
    // Dense image with sparse filter, sparse image with dense filter, and both sparse.
    const formats = FORMATS_BY_RANK[rank] as readonly FormatSpec[];
    const sparse = formats.filter((f) => f !== 'dense');
    const kind = n % 3;
    cases.push({
      c,
      imageFormat: kind === 0 ? 'dense' : pick(sparse),
      filterFormat: kind === 1 ? 'dense' : pick(sparse),
    });
  }
  it.each(
    cases.map(
      (x) =>
        [
          `${notationOf(x.c)} I:${JSON.stringify(x.imageFormat)} F:${JSON.stringify(x.filterFormat)}`,
          x,
        ] as const,
    ),
  )('%s', (_, { c, imageFormat, filterFormat }) => {
    const image = randomData(random, sizeOf(c.image), 0.5);
    const filter = randomData(random, sizeOf(c.filter), 0.6);
    const formats: Record<string, FormatSpec> = {};
    if (imageFormat !== 'dense') formats.I = imageFormat;
    if (filterFormat !== 'dense') formats.F = filterFormat;
    const kernel = sparsify(notationOf(c), formats);
    const operands = {
      I: operand(image, [...c.image], imageFormat),
      F: operand(filter, [...c.filter], filterFormat),
    };
    expect(outputShapeOf(kernel, operands)).toEqual(outputShapeOfConv(c));
    const expected = referenceConv(c, image, filter);
    for (const { label, values } of runEverywhere(kernel, operands)) {
      expect(values, label).toEqual(expected);
    }
  });
});

/** A tensor of `shape` filled with `value`, with `at` set to `special` (MLIR's test inputs). */
function filled(shape: number[], value: number, at?: number[], special?: number): Float32Array {
  const data = new Float32Array(sizeOf(shape)).fill(value);
  if (at !== undefined) data[offsetOf(at, shape)] = special as number;
  return data;
}

describe("MLIR's convolution tests (their expected values)", () => {
  // sparse_conv_2d.mlir: an 8x8 image, a 3x3 edge-detection filter, a 6x6 result; the image
  // dense and in DCSR, CSR, CSC and [compressed, dense] (CDR), the result dense and sparse.
  const image2d = Float32Array.from(
    [
      [1, 2, 3, 4, 0, 6, 7, 8],
      [2, 2, 4, 4, 0, 0, 6, 8],
      [2, 2, 4, 4, 0, 0, 6, 8],
      [2, 2, 3, 4, 0, 0, 7, 8],
      [1, 3, 3, 4, 0, 0, 6, 8],
      [3, 2, 3, 4, 0, 0, 7, 8],
      [1, 3, 3, 4, 3, 6, 6, 8],
      [1, 3, 3, 4, 3, 0, 7, 8],
    ].flat(),
  );
  const filter2d = Float32Array.from([1, 0, -1, 0, 0, 0, -1, 0, 1]);
  const expected2d = [
    [0, 0, -1, -6, -1, 6],
    [-1, 0, 1, 0, 1, 0],
    [0, -1, 1, 0, 0, 0],
    [-1, 0, 0, 0, 0, 0],
    [0, 0, 3, 6, -3, -6],
    [2, -1, 3, 0, -3, 0],
  ].flat();
  const imageFormats: readonly FormatSpec[] = [
    'dense',
    'DCSR',
    'CSR',
    'CSC',
    { levels: ['compressed', 'dense'] },
  ];
  const outputFormats: readonly (FormatSpec | undefined)[] = [undefined, 'DCSR', 'CSR', 'CSC'];
  for (const imageFormat of imageFormats) {
    for (const outputFormat of outputFormats) {
      for (const filterFormat of ['dense', 'DCSR'] as const) {
        it(`sparse_conv_2d: I ${JSON.stringify(imageFormat)}, F ${filterFormat}, O ${JSON.stringify(outputFormat ?? 'dense')}`, () => {
          const formats: Record<string, FormatSpec> = {};
          if (imageFormat !== 'dense') formats.I = imageFormat;
          if (filterFormat !== 'dense') formats.F = filterFormat;
          if (outputFormat !== undefined) formats.O = outputFormat;
          const kernel = sparsify('O(i,j) = I(i+k, j+l) * F(k,l)', formats);
          const operands = {
            I: operand(image2d, [8, 8], imageFormat),
            F: operand(filter2d, [3, 3], filterFormat),
          };
          expect(outputShapeOf(kernel, operands)).toEqual([6, 6]);
          for (const { label, values } of runEverywhere(kernel, operands)) {
            expect(values, label).toEqual(expected2d);
          }
        });
      }
    }
  }

  // sparse_conv_3d.mlir: an 8x8x8 image of 2s with a 10 at (0,3,0), a 3x3x3 filter of 2s.
  const expected3d = Array.from({ length: 216 }, (_, n) =>
    n >= 6 && n < 24 && n % 6 === 0 ? 124 : 108,
  );
  for (const imageFormat of [
    'dense',
    'CSF',
    { levels: ['compressed', 'dense', 'compressed'] },
    { levels: ['dense', 'compressed', 'compressed'] },
  ] as const) {
    it(`sparse_conv_3d: I ${JSON.stringify(imageFormat)}`, () => {
      const formats: Record<string, FormatSpec> =
        imageFormat === 'dense'
          ? {}
          : { I: imageFormat as FormatSpec, O: imageFormat as FormatSpec };
      const kernel = sparsify('O(i,j,k) = I(i+a, j+b, k+c) * F(a,b,c)', formats);
      const operands = {
        I: operand(filled([8, 8, 8], 2, [0, 3, 0], 10), [8, 8, 8], imageFormat as FormatSpec),
        F: operand(filled([3, 3, 3], 2), [3, 3, 3], 'dense'),
      };
      expect(outputShapeOf(kernel, operands)).toEqual([6, 6, 6]);
      for (const { label, values } of runEverywhere(kernel, operands)) {
        expect(values, label).toEqual(expected3d);
      }
    });
  }

  // sparse_conv_1d_nwc_wcf.mlir: batch 3, width 8, one channel, of 2s with a 10 at (0,3,0); a
  // width-3 filter of 2s; both in [compressed]*3 (CCC) and [compressed, dense, compressed].
  const expected1d = [12, 28, 28, 28, 12, 12, ...new Array<number>(12).fill(12)];
  for (const format of [
    'dense',
    'CSF',
    { levels: ['compressed', 'dense', 'compressed'] },
  ] as const) {
    it(`sparse_conv_1d_nwc_wcf: I and F ${JSON.stringify(format)}`, () => {
      const formats: Record<string, FormatSpec> =
        format === 'dense'
          ? {}
          : { I: format as FormatSpec, F: format as FormatSpec, O: format as FormatSpec };
      const kernel = sparsify('O(n,w,f) = I(n, w+kw, c) * F(kw, c, f)', formats);
      const operands = {
        I: operand(filled([3, 8, 1], 2, [0, 3, 0], 10), [3, 8, 1], format as FormatSpec),
        F: operand(filled([3, 1, 1], 2), [3, 1, 1], format as FormatSpec),
      };
      expect(outputShapeOf(kernel, operands)).toEqual([3, 6, 1]);
      for (const { label, values } of runEverywhere(kernel, operands)) {
        expect(values, label).toEqual(expected1d);
      }
    });
  }
});

describe('affine subscripts: notation', () => {
  it('parses sums with coefficients and offsets, prints them back, and keeps plain subscripts plain', () => {
    const n = parseNotation('O(i,j) = I(2*i + k + 1, (j+l)) * F(k,l) + A(i, 3) * B(j)');
    expect(printExpr(n.rhs)).toBe('((I(2*i+k+1,j+l)*F(k,l))+(A(i,3)*B(j)))');
    expect(parseNotation(`O(i,j) = ${printExpr(n.rhs)}`).rhs).toEqual(n.rhs);
    // Parentheses around one index variable leave a plain access.
    const plain = parseNotation('y(i) = A((i), j) * x(j)').rhs;
    expect(plain).toEqual(parseNotation('y(i) = A(i,j) * x(j)').rhs);
    // `i + i` and `3*(i+1) - i - 1` are the same affine forms as `2*i` and `2*i+2`.
    expect(printExpr(parseNotation('y(i) = x(i + i)').rhs)).toBe('x(2*i)');
    expect(printExpr(parseNotation('y(i) = x(3*(i+1) - i - 1)').rhs)).toBe('x(2*i+2)');
  });

  const unsupported: readonly [string, RegExp][] = [
    ['O(i) = I(i*k) * F(k)', /subscript i\*k of I multiplies index variables \(i\*k\)/],
    ['O(i) = I(i-k) * F(k)', /subscript i-k of I subtracts the index k/],
    ['O(i) = I(i+k-1) * F(k)', /subscript i\+k-1 of I has the offset -1/],
    ['O(i) = I(-i) * F(i)', /subscript -i of I subtracts the index i/],
    ['O(i+1) = I(i)', /the output O\(i\+1\) has an affine subscript/],
    ['O(i,j) = I(i+k, j(0,2)) * F(k)', /both a window and an affine subscript/],
  ];
  it.each(unsupported)('%s is a SparsifyError naming the subscript', (expression, message) => {
    const thrown = thrownBy(() => sparsify(expression));
    expect(thrown).toBeInstanceOf(SparsifyError);
    expect((thrown as SparsifyError).argument).toBe('expression');
    expect((thrown as Error).message).toMatch(message);
  });

  const syntax: readonly [string, RegExp][] = [
    ['O(i) = I(i/2)', /floordiv and mod are not supported/],
    ['O(i) = I(1.5+i)', /an integer in a subscript/],
    ['O(i) = I(i+k(0,2)) * F(k)', /a window follows a bare index/],
  ];
  it.each(syntax)('%s is a NotationSyntaxError', (expression, message) => {
    expect(() => sparsify(expression)).toThrow(NotationSyntaxError);
    expect(() => sparsify(expression)).toThrow(message);
  });
});

describe('affine subscripts: extents and shapes', () => {
  const conv = sparsify('O(i) = I(i+k) * F(k)', { F: 'sparse-vector' });
  const vector = (values: number[]) => ({
    data: Float32Array.from(values),
    shape: [values.length],
  });
  const sparseVector = (values: number[]) =>
    SparseTensor.fromDense(Float32Array.from(values), [values.length], 'sparse-vector');

  it('the output extent is image - filter + 1; a filter longer than the image leaves it empty', () => {
    for (const [n, k] of [
      [5, 3],
      [3, 3],
      [2, 3],
      [0, 2],
      [4, 0],
    ] as const) {
      const operands = { I: vector(new Array(n).fill(1)), F: sparseVector(new Array(k).fill(1)) };
      expect(outputShapeOf(conv, operands), `${n} ${k}`).toEqual([Math.max(0, n - k + 1)]);
      const run = compile(conv.module, conv.functionName, { engine: 'js' });
      const out = Array.from(runKernel(conv, run, operands) as Float32Array);
      expect(out).toEqual(new Array(Math.max(0, n - k + 1)).fill(k));
    }
  });

  it('an extent given by a plain subscript elsewhere is checked, not inferred (a larger image is allowed)', () => {
    const biased = sparsify('O(i) = I(i+k) * F(k) * B(i)', { F: 'sparse-vector' });
    const run = compile(biased.module, biased.functionName, { engine: 'js' });
    // B fixes i < 2; the image of 6 is larger than 2 + 3 - 1 = 4 needs: its tail is not read.
    const operands = {
      I: vector([1, 2, 3, 4, 5, 6]),
      F: sparseVector([1, 0, 1]),
      B: vector([1, 10]),
    };
    expect(outputShapeOf(biased, operands)).toEqual([2]);
    expect(Array.from(runKernel(biased, run, operands) as Float32Array)).toEqual([4, 60]);
    // B fixing i < 5 makes the subscript reach 6 in an image of 6.
    let thrown: unknown;
    try {
      outputShapeOf(biased, { ...operands, B: vector([1, 1, 1, 1, 1]) });
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(SparsifyError);
    expect((thrown as SparsifyError).argument).toBe('operands.I');
    expect((thrown as Error).message).toMatch(
      /dimension 0 of I\(i\+k\) is 6, but its subscript i\+k reaches 6 \(i < 5, k < 3\); the dimension must be at least 7/,
    );
  });

  it('an index whose extent nothing fixes is a SparsifyError naming it', () => {
    const k = sparsify('O(i) = I(i+k)');
    expect(() => outputShapeOf(k, { I: vector([1, 2, 3]) })).toThrow(
      /the extent of index i is unknown/,
    );
  });

  it('a rank that does not match the subscripts is a SparsifyError', () => {
    expect(() =>
      outputShapeOf(conv, {
        I: { data: new Float32Array(4), shape: [2, 2] },
        F: sparseVector([1]),
      }),
    ).toThrow(/operands\.I: expected rank 1/);
  });

  it('constant subscripts, a repeated index and an index used twice in one subscript', () => {
    const cases: [string, Record<string, FormatSpec>, Record<string, Operand>, number[]][] = [
      // Row 2 of A times x.
      [
        'y(j) = A(2, j) * x(j)',
        { A: 'CSR' },
        { A: operand(Float32Array.from([1, 2, 3, 4, 5, 6]), [3, 2], 'CSR'), x: vector([1, 10]) },
        [5, 60],
      ],
      // The diagonal shifted by one, A(i, i+1), of a 2x3 A (i < 2 from A's plain first dimension).
      [
        'y(i) = A(i, i+1) * x(i)',
        { A: 'DCSR' },
        {
          A: operand(Float32Array.from([0, 1, 0, 0, 0, 2]), [2, 3], 'DCSR'),
          x: vector([1, 1]),
        },
        [1, 2],
      ],
      // Every other element: x(2*i) with i < 3 over 5 elements.
      [
        'y(i) = x(2*i) * w(i)',
        { x: 'sparse-vector' },
        { x: sparseVector([1, 2, 3, 4, 5]), w: vector([1, 1, 1]) },
        [1, 3, 5],
      ],
    ];
    for (const [expression, formats, operands, expected] of cases) {
      const kernel = sparsify(expression, formats);
      for (const { label, values } of runEverywhere(kernel, operands)) {
        expect(values, `${expression} ${label}`).toEqual(expected);
      }
    }
  });
});

describe('affine subscripts beside windows and plain reads of the same tensor', () => {
  it('finite differences O(i) = I(i+1) - I(i(0,n-1)) in every vector format (seeded)', () => {
    const random = seededRandom(77);
    for (let n = 0; n < 8; n++) {
      const size = 2 + Math.floor(random() * 9);
      const data = randomData(random, size, 0.5);
      const expected = Array.from(
        { length: size - 1 },
        (_, i) => (data[i + 1] as number) - (data[i] as number),
      );
      for (const format of FORMATS_BY_RANK[1] as readonly FormatSpec[]) {
        const kernel = sparsify(
          `O(i) = I(i+1) - I(i(0,${size - 1}))`,
          format === 'dense' ? {} : { I: format },
        );
        const operands = { I: operand(data, [size], format) };
        for (const { label, values } of runEverywhere(kernel, operands)) {
          expect(values, `${JSON.stringify(format)} ${size} ${label}`).toEqual(expected);
        }
      }
    }
  });
});

describe("affine subscripts against MLIR's sparsifier (mlir-opt-22 --sparsification)", () => {
  // MLIR iterates the sparse filter's stored entries and reads the dense image at i+k, as the
  // emitter does: the same values, bit for bit, on the interpreter (a sparse image MLIR
  // sparsifies only with its slice-driven loops, which mlir-opt-22 no longer has).
  const CASES: readonly {
    expr: string;
    formats: Record<string, FormatSpec>;
    shapes: Record<string, number[]>;
  }[] = [
    { expr: 'O(i) += I(i+k) * F(k)', formats: { F: 'sparse-vector' }, shapes: { I: [19], F: [4] } },
    {
      expr: 'O(i) += I(2*i+k+1) * F(k)',
      formats: { F: 'sparse-vector' },
      shapes: { I: [19], F: [3] },
    },
    ...(['CSR', 'DCSR', 'CSC'] as const).map((f) => ({
      expr: 'O(i,j) += I(i+k, j+l) * F(k,l)',
      formats: { F: f },
      shapes: { I: [11, 9], F: [3, 3] },
    })),
  ];
  const kernels = CASES.map((c) => sparsify(c.expr, c.formats));
  const outputs = runChunks(kernels.map(linalgFor), [
    '--sparse-reinterpret-map',
    '--sparsification',
  ]);
  it.each(CASES.map((c, n) => [`${c.expr} ${JSON.stringify(c.formats)}`, n] as const))(
    '%s',
    (_, n) => {
      const c = CASES[n] as (typeof CASES)[number];
      const kernel = kernels[n] as SparseKernel;
      const theirs = mlirModuleOf(outputs[n], kernel);
      const random = seededRandom(7 + n);
      const operands = Object.fromEntries(
        Object.entries(c.shapes).map(([name, shape]) => {
          const format = c.formats[name] ?? 'dense';
          const data = randomData(random, sizeOf(shape), format === 'dense' ? 1 : 0.4).map(
            (x) => x * 1.37,
          );
          return [name, operand(data, shape, format)];
        }),
      );
      const run = (module: Module) => Array.from(interpretKernel(module, kernel, operands), Number);
      const ours = run(kernel.module);
      expect(ours.some((x) => x !== 0)).toBe(true);
      expect(ours).toEqual(run(theirs));
    },
  );
});

describe('affine subscripts in other kernels: pooling, bias, explicit sums (seeded)', () => {
  const random = seededRandom(4242);
  const formats2d = FORMATS_BY_RANK[2] as readonly FormatSpec[];
  for (let n = 0; n < 12; n++) {
    const imageFormat = formats2d[n % formats2d.length] as FormatSpec;
    const shape = [4 + Math.floor(random() * 5), 4 + Math.floor(random() * 5)];
    const window = [1 + Math.floor(random() * 3), 1 + Math.floor(random() * 3)];
    it(`2x2-strided max pooling and a biased convolution, image ${JSON.stringify(imageFormat)} ${shape.join('x')}, window ${window.join('x')}`, () => {
      const image = randomData(random, sizeOf(shape), 0.5);
      const I = operand(image, shape, imageFormat);
      const formats: Record<string, FormatSpec> = imageFormat === 'dense' ? {} : { I: imageFormat };
      const at = (r: number, c: number) => image[r * (shape[1] as number) + c] as number;
      const [w0, w1] = window as [number, number];
      const ones = { data: new Float32Array(w0 * w1).fill(1), shape: window };

      // Max pooling with stride 2: the window's ones only fix the extents of k and l; an
      // absent entry of a sparse image is a zero that takes part, as MLIR's max does.
      const pool = sparsify('O(i,j) = max(I(2*i+k, 2*j+l) * P(k,l))', formats);
      const pooled = [0, 1].map(
        (a) => Math.floor(((shape[a] as number) - (window[a] as number)) / 2) + 1,
      );
      const expectedPool: number[] = [];
      for (const [i, j] of tuples(pooled)) {
        let best = -Infinity;
        for (const [k, l] of tuples(window))
          best = Math.max(
            best,
            at(2 * (i as number) + (k as number), 2 * (j as number) + (l as number)),
          );
        expectedPool.push(best);
      }
      for (const { label, values } of runEverywhere(pool, { I, P: ones })) {
        expect(values, `pool ${label}`).toEqual(expectedPool);
      }

      // A convolution plus a bias, and the same with the sum written out.
      const out = [0, 1].map((a) => (shape[a] as number) - (window[a] as number) + 1);
      const filter = randomData(random, w0 * w1, 0.7);
      const bias = randomData(random, sizeOf(out), 1);
      const conv = referenceConv(
        { strides: [1, 1], offsets: [0, 0], image: shape, filter: window, filterFirst: false },
        image,
        filter,
      );
      const expected = conv.map((x, k) => x + (bias[k] as number));
      for (const expression of [
        'O(i,j) = I(i+k, j+l) * F(k,l) + B(i,j)',
        'O(i,j) = B(i,j) + sum(k, sum(l, F(k,l) * I(k+i, l+j)))',
      ]) {
        const kernel = sparsify(expression, { ...formats, F: 'DCSR' });
        const operands = {
          I,
          F: operand(filter, [...window], 'DCSR'),
          B: { data: bias, shape: out },
        };
        for (const { label, values } of runEverywhere(kernel, operands)) {
          expect(values, `${expression} ${label}`).toEqual(expected);
        }
      }
    });
  }
});
