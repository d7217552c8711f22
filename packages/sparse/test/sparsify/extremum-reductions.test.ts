/**
 * `min(e)` / `max(e)` reductions against plain dense loops, on every engine, vectorized and
 * not, with both case dispatches. The rule under test (MLIR's, `sparse_reductions_min.mlir`,
 * `min2`): the reduction runs over every coordinate of the reduced indices, so the implicit
 * zeros take part whenever a reduced slice stores fewer entries than its extent; a full slice
 * reduces its stored values only; over no coordinate at all (an extent of 0) the result is the
 * identity (+∞/−∞, or the integer type's largest/least value).
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { printModule } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  type KernelOperand,
  NotationSyntaxError,
  parseNotation,
  printExpr,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
  type ValueType,
} from '../../src/index.js';
import { compiledEverywhere, ENGINES } from './every-engine.js';
import { withoutNegativeZeros } from './fixtures.js';
import { operandIndices } from './notation-operands.js';

type Dense = { readonly data: Float64Array; readonly shape: readonly number[] };
type Reduce = (a: number, b: number) => number;

const MIN: Reduce = (a, b) => Math.min(a, b);
const MAX: Reduce = (a, b) => Math.max(a, b);
const SUM: Reduce = (a, b) => a + b;
const identityOf = (reducer: Reduce, valueType: ValueType): number => {
  const least = reducer === MIN;
  if (valueType === 'i32') return least ? 2 ** 31 - 1 : -(2 ** 31);
  if (valueType === 'i64') return least ? Number(2n ** 63n - 1n) : -(2 ** 63);
  return least ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
};

/** A kernel of the catalog: notation, which operands are sparse, and its plain-loop reference. */
interface Case {
  readonly expr: string;
  /** The peer test the case derives from. */
  readonly from: string;
  /** Index variables of each operand, in order of appearance. */
  readonly operands: Readonly<Record<string, readonly string[]>>;
  /** Which operands get the sparse formats under test (the others are dense). */
  readonly sparse: readonly string[];
  /** The outermost reduction's combining function (its identity starts the reference). */
  readonly reducer: Reduce;
  readonly reference: Reference;
}

type Reference = (
  inputs: Readonly<Record<string, Dense>>,
  size: (index: string) => number,
  identity: number,
) => Float64Array;

/**
 * A case of `expr`: its operands read off the accesses right of `=` (`A(i,j)` gives A: i, j),
 * its reducer the first `min`/`max` there.
 */
function reductionCase(
  expr: string,
  from: string,
  sparse: readonly string[],
  reference: Reference,
): Case {
  const rhs = expr.slice(expr.indexOf('=') + 1);
  const reducer = /\b(min|max)[[(]/.exec(rhs)?.[1] === 'min' ? MIN : MAX;
  return { expr, from, operands: operandIndices(expr), sparse, reducer, reference };
}

const at = (t: Dense | undefined, ...ix: number[]): number =>
  (t as Dense).data[ix.reduce((k, x, d) => k * ((t as Dense).shape[d] as number) + x, 0)] as number;

/** `reduce` folded over the terms `0 .. count - 1` from `start`: each reference's one loop. */
const fold = (
  reduce: Reduce,
  start: number,
  count: number,
  term: (k: number) => number,
): number => {
  let acc = start;
  for (let k = 0; k < count; k++) acc = reduce(acc, term(k));
  return acc;
};

/** One value per coordinate of `index`. */
const each = (size: (index: string) => number, index: string, value: (k: number) => number) =>
  Float64Array.from({ length: size(index) }, (_, k) => value(k));

/** `x = red_i a(i)` (MLIR `sparse_reductions_min.mlir` `min2`; `max` by symmetry). */
const vectorReduction = (name: 'min' | 'max'): Case =>
  reductionCase(
    `x = ${name}(a(i))`,
    'MLIR sparse_reductions_min.mlir (min2)',
    ['a'],
    ({ a }, size, identity) =>
      Float64Array.of(fold(name === 'min' ? MIN : MAX, identity, size('i'), (i) => at(a, i))),
  );

/** `y(i) = red_j A(i,j)`: row-wise (TACO/MLIR reductions over a matrix' inner level). */
const rowReduction = (name: 'min' | 'max'): Case =>
  reductionCase(
    `y(i) = ${name}(A(i,j))`,
    'MLIR sparse_reductions_min.mlir over CSR rows (sparse_reductions.mlir layouts)',
    ['A'],
    ({ A }, size, identity) =>
      each(size, 'i', (i) =>
        fold(name === 'min' ? MIN : MAX, identity, size('j'), (j) => at(A, i, j)),
      ),
  );

const CASES: readonly Case[] = [
  vectorReduction('min'),
  vectorReduction('max'),
  rowReduction('min'),
  rowReduction('max'),
  reductionCase(
    'y(j) = min(A(i,j))',
    'MLIR sparse_reductions_min.mlir over CSC columns (the reduction nests inside j)',
    ['A'],
    ({ A }, size, identity) =>
      each(size, 'j', (j) => fold(MIN, identity, size('i'), (i) => at(A, i, j))),
  ),
  reductionCase(
    'x = max(A(i,j))',
    'MLIR sparse_reductions_min.mlir, both levels reduced (sparse_reduce_custom.mlir matrices)',
    ['A'],
    ({ A }, size, identity) =>
      Float64Array.of(
        fold(MAX, identity, size('i'), (i) => fold(MAX, identity, size('j'), (j) => at(A, i, j))),
      ),
  ),
  reductionCase(
    'y(i) = max(A(i,j) * x(j))',
    'TACO tests-qcd.cpp / SpMV shape with a max in place of the sum',
    ['A'],
    ({ A, x }, size, identity) =>
      each(size, 'i', (i) => fold(MAX, identity, size('j'), (j) => at(A, i, j) * at(x, j))),
  ),
  reductionCase(
    'y(i) = min(A(i,j) * B(i,j))',
    'MLIR sparse_reductions_min.mlir with an intersection (sparse_sampled_mm_fusion.mlir pattern)',
    ['A', 'B'],
    ({ A, B }, size, identity) =>
      each(size, 'i', (i) => fold(MIN, identity, size('j'), (j) => at(A, i, j) * at(B, i, j))),
  ),
  reductionCase(
    'y(i) = max(A(i,j) + B(i,j))',
    'MLIR sparse_reductions_min.mlir with a union (TACO tests-expr.cpp add)',
    ['A', 'B'],
    ({ A, B }, size, identity) =>
      each(size, 'i', (i) => fold(MAX, identity, size('j'), (j) => at(A, i, j) + at(B, i, j))),
  ),
  reductionCase(
    'y(i) = b(i) + max(A(i,j))',
    "TACO tests-scheduling (a reduction under '+' is a temporary: TACO's where)",
    ['A'],
    ({ A, b }, size, identity) =>
      each(size, 'i', (i) => at(b, i) + fold(MAX, identity, size('j'), (j) => at(A, i, j))),
  ),
  reductionCase(
    'y(i) = max(A(i,j) * min(B(j,k)))',
    'nested reductions (MLIR sparse_reduce_custom.mlir chains): the inner min binds k only',
    ['A', 'B'],
    ({ A, B }, size, identity) => {
      const inner = each(size, 'j', (j) =>
        fold(MIN, Number.POSITIVE_INFINITY, size('k'), (k) => at(B, j, k)),
      );
      return each(size, 'i', (i) =>
        fold(MAX, identity, size('j'), (j) => at(A, i, j) * (inner[j] as number)),
      );
    },
  ),
  // A k reduction inside the max: a sum (a temporary, TACO's where), or the max itself.
  ...(
    [
      [
        'y(i) = max(sum(k, A(i,j) * B(j,k)))',
        'a sum inside a max: the sum is a temporary (TACO where), the max reduces j',
        SUM,
      ],
      [
        'y(i) = max(A(i,j) * B(j,k))',
        'every index used only inside the max is reduced by it (j and k)',
        MAX,
      ],
    ] as const
  ).map(([expr, from, inner]) =>
    reductionCase(expr, from, ['A', 'B'], ({ A, B }, size, identity) =>
      each(size, 'i', (i) =>
        fold(MAX, identity, size('j'), (j) =>
          fold(inner, inner === SUM ? 0 : identity, size('k'), (k) => at(A, i, j) * at(B, j, k)),
        ),
      ),
    ),
  ),
];

const MATRIX_FORMATS: readonly FormatSpec[] = ['CSR', 'CSC', 'DCSR', 'COO', 'dense'];
const VECTOR_FORMATS: readonly FormatSpec[] = ['sparse-vector', 'COO', 'dense'];
const VALUE_TYPES: readonly ValueType[] = ['f32', 'f64', 'i32', 'i64'];

/** Random dense data: integers in [-9, 9] \ {0} (exact in every type), some zeros. */
function randomTensor(
  shape: readonly number[],
  density: number,
  next: () => number,
  rowsFull: boolean,
): Dense {
  const size = shape.reduce((a, b) => a * b, 1);
  const cols = shape.length === 2 ? (shape[1] as number) : size;
  const data = Float64Array.from({ length: size }, (_, k) => {
    // Every other row fully stored, so that full slices (no implicit zero) occur.
    const full = rowsFull && Math.floor(k / cols) % 2 === 1;
    if (!full && next() >= density) return 0;
    const v = 1 + Math.floor(next() * 9);
    return next() < 0.5 ? -v : v;
  });
  return { data, shape };
}

const ARRAYS = {
  f32: (d: Float64Array) => Float32Array.from(d),
  f64: (d: Float64Array) => Float64Array.from(d),
  i32: (d: Float64Array) => Int32Array.from(d),
  i64: (d: Float64Array) => BigInt64Array.from(d, (x) => BigInt(x)),
} as const;
const DTYPES = { f32: 'float32', f64: 'float64', i32: 'int32', i64: 'int64' } as const;

function operandOf(t: Dense, format: FormatSpec | undefined, valueType: ValueType): KernelOperand {
  const data = ARRAYS[valueType](t.data);
  if (format === undefined || format === 'dense') return { data, shape: t.shape };
  return SparseTensor.fromDense(data, t.shape, format, { dtype: DTYPES[valueType] });
}

function runEverywhere(
  c: Case,
  format: FormatSpec,
  valueType: ValueType,
  inputs: Readonly<Record<string, Dense>>,
  sizes: Readonly<Record<string, number>>,
): void {
  const formats = Object.fromEntries(
    c.sparse.filter(() => format !== 'dense').map((n) => [n, format]),
  );
  const identity = identityOf(c.reducer, valueType);
  const expected = withoutNegativeZeros(c.reference(inputs, (i) => sizes[i] as number, identity));
  for (const caseDispatch of ['select', 'branch'] as const) {
    const kernel = sparsify(c.expr, formats, { valueType, caseDispatch });
    const operands = Object.fromEntries(
      Object.entries(inputs).map(([name, t]) => [
        name,
        operandOf(t, c.sparse.includes(name) ? format : undefined, valueType),
      ]),
    );
    for (const { label, run } of compiledEverywhere(kernel)) {
      const out = runKernel(kernel, run, operands);
      expect(
        withoutNegativeZeros(out as ArrayLike<number | bigint>),
        `${label} ${caseDispatch}`,
      ).toEqual(expected);
    }
  }
}

describe('min/max reductions against plain dense loops (seeded)', () => {
  const SHAPES = { i: 7, j: 9, k: 4 };
  for (const c of CASES) {
    const vector = Object.values(c.operands).every((ix) => ix.length === 1);
    const formats = vector ? VECTOR_FORMATS : MATRIX_FORMATS;
    it.each(
      formats.flatMap((format) =>
        VALUE_TYPES.map((valueType) => ({ format, valueType, label: `${format} ${valueType}` })),
      ),
    )(`${c.expr} ($label) [${c.from}]`, ({ format, valueType }) => {
      for (const [seed, density, rowsFull] of [
        [1, 0.3, false],
        [2, 0.6, true],
        [3, 1, false],
        [4, 0, false],
      ] as const) {
        const next = seededRandom(seed * 101 + valueType.length);
        const inputs = Object.fromEntries(
          Object.entries(c.operands).map(([name, ix]) => [
            name,
            randomTensor(
              ix.map((i) => SHAPES[i as keyof typeof SHAPES]),
              c.sparse.includes(name) ? density : 1,
              next,
              rowsFull,
            ),
          ]),
        );
        runEverywhere(c, format, valueType, inputs, SHAPES);
      }
    });
  }
});

describe('min/max over a reduced extent of 0 is the identity, on every format', () => {
  it.each(
    MATRIX_FORMATS.flatMap((format) =>
      VALUE_TYPES.map((valueType) => ({ format, valueType, label: `${format} ${valueType}` })),
    ),
  )('y(i) = max(A(i,j)) and min with j of extent 0 ($label)', ({ format, valueType }) => {
    for (const c of [rowReduction('max'), rowReduction('min')]) {
      const inputs = { A: { data: new Float64Array(0), shape: [5, 0] } };
      runEverywhere(c, format, valueType, inputs, { i: 5, j: 0 });
    }
  });
});

describe("MLIR's sparse_reductions_min.mlir vectors (i32, min2: implicit zeros included)", () => {
  // The file's three vectors: a few zeros, none, and one explicit zero among implicit ones.
  const withZeros = [
    2, 2, 7, 2, 2, 2, 2, 2, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 0, 9, 2, 2, 2, 2, 0, 5, 1, 7, 3,
  ];
  const noZeros = [
    2, 2, 7, 2, 2, 2, 2, 2, 2, 2, 2, 4, 2, 2, 2, 2, 2, 2, 2, 2, 3, 2, 7, 2, 2, 2, 2, 2, 2, 1, 7, 3,
  ];
  it.each(ENGINES)('min over each vector, as the file checks (0, 1, 0) on %s', (engine) => {
    const kernel = sparsify('x = min(a(i))', { a: 'sparse-vector' }, { valueType: 'i32' });
    const run = compile(kernel.module, kernel.functionName, { engine });
    const min = (a: SparseTensor) => (runKernel(kernel, run, { a }) as Int32Array)[0];
    const vector = (values: number[]) =>
      SparseTensor.fromDense(Int32Array.from(values), [32], 'sparse-vector');
    const explicitZero = SparseTensor.fromCoordinates(
      [[1], [7]],
      Int32Array.of(0, 22),
      [32],
      'sparse-vector',
      {
        dtype: 'int32',
      },
    );
    expect(explicitZero.values.length).toBe(2);
    expect([min(vector(withZeros)), min(vector(noZeros)), min(explicitZero)]).toEqual([0, 1, 0]);
  });
});

describe('min/max reductions print as min[k](…), which parses back to the same tree', () => {
  it.each([...CASES.map((c) => c.expr), 'y(i) = min[j,k](A(i,j) * B(j,k))', 'x = max[i](a(i))'])(
    '%s',
    (expr) => {
      const parsed = parseNotation(expr);
      const printed = printExpr(parsed.rhs);
      const again = parseNotation(`${printExpr(parsed.output)} = ${printed}`);
      expect(printExpr(again.rhs)).toBe(printed);
      expect(again.rhs).toEqual(parsed.rhs);
    },
  );
  it('min[j](e) names what min(e) finds: the same kernel results', () => {
    const A = SparseTensor.fromDense(Float32Array.of(1, -2, 0, 3, 0, 0), [2, 3], 'CSR');
    const results = ['y(i) = min(A(i,j))', 'y(i) = min[j](A(i,j))'].map((expr) => {
      const kernel = sparsify(expr, { A: 'CSR' });
      const run = compile(kernel.module, kernel.functionName, { engine: 'js' });
      return [...(runKernel(kernel, run, { A }) as Float32Array)];
    });
    expect(results).toEqual([
      [-2, 0],
      [-2, 0],
    ]);
  });
  it('min[i](e) over an output index is a SparsifyError naming it', () => {
    expect(() => sparsify('y(i) = min[i](a(i))')).toThrow(
      /the index i of min\[i\]\(…\) is an output index/,
    );
  });
});

describe('min/max reductions: what they reject', () => {
  it('a min that reduces no index names the element-wise form', () => {
    expect(() => sparsify('y(i) = min(a(i))', { a: 'sparse-vector' })).toThrow(NotationSyntaxError);
    expect(() => sparsify('y(i) = min(a(i))', { a: 'sparse-vector' })).toThrow(/min\(a, b\)/);
  });
  it('a sparse output of a min/max reduction is a SparsifyError naming the dense form', () => {
    expect(() => sparsify('y(i) = max(A(i,j))', { A: 'CSR', y: 'sparse-vector' })).toThrow(
      SparsifyError,
    );
  });
  it('x += min(a(i)) adds the minimum to the output (the min is computed first)', () => {
    const kernel = sparsify('x += min(a(i))', { a: 'sparse-vector' });
    const a = SparseTensor.fromDense(Float32Array.of(3, 0, -2, 5), [4], 'sparse-vector');
    for (const engine of ENGINES) {
      const run = compile(kernel.module, kernel.functionName, { engine });
      const out = runKernel(kernel, run, { a }, Float32Array.of(10)) as Float32Array;
      expect([...out]).toEqual([8]);
    }
  });
});

describe('mlir-opt-22 verifies the min/max kernels (every case, format and value type)', () => {
  it('scalar and vectorized loops', () => {
    const labels: string[] = [];
    const texts: string[] = [];
    for (const c of CASES) {
      const vector = Object.values(c.operands).every((ix) => ix.length === 1);
      for (const format of vector ? VECTOR_FORMATS : MATRIX_FORMATS) {
        for (const valueType of VALUE_TYPES) {
          const formats = Object.fromEntries(
            c.sparse.filter(() => format !== 'dense').map((n) => [n, format]),
          );
          const kernel = sparsify(c.expr, formats, { valueType });
          const vectorized = vectorize(kernel.module, { vectorLength: 8, enableSIMDIndex32: true });
          labels.push(`${c.expr} ${format} ${valueType}`, `${c.expr} ${format} ${valueType} vl8`);
          texts.push(printModule(kernel.module), printModule(vectorized.module));
        }
      }
    }
    for (const [n, r] of runChunks(texts, []).entries()) {
      expect(r.ok ? '' : r.error, labels[n]).toBe('');
    }
  });
});
