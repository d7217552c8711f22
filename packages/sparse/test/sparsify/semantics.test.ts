/**
 * TACO's semantics and the expression language, on every engine, against the dense reference
 * of `@tilekit/conformance` (`referenceIndexNotation`: its own parser, TACO's reduction
 * placement, plain loops) with seeded random operands. Each case cites the TACO or MLIR test
 * it derives from.
 */
import { type NotationOperand, referenceIndexNotation } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { printModule } from '@tilekit/loop-ir';
import { vectorize } from '@tilekit/sparse-vectorizer';
import { runChunks } from '@tilekit/test-support';
import { describe, expect, it } from 'vitest';
import {
  bindArguments,
  type FormatSpec,
  type KernelOperand,
  outputShapeOf,
  type SparseKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
  type ValueType,
} from '../../src/index.js';
import { randomDense, withoutNegativeZeros } from './fixtures.js';

const ENGINES = ['interpreter', 'js', 'wasm', 'wasm, vectorized'] as const;
const SEEDS = [1, 2, 3];

interface SemanticsCase {
  readonly expr: string;
  readonly formats: Readonly<Record<string, FormatSpec>>;
  readonly shapes: Readonly<Record<string, readonly number[]>>;
  /** The TACO or MLIR test the case derives from. */
  readonly source: string;
  /** Scalar operands. */
  readonly scalars?: Readonly<Record<string, number>>;
  /** Dense operands filled without zeros (divisors). */
  readonly nonzero?: readonly string[];
  /** Results are not exact in binary (sqrt, exp, division): compare to 1e-5 relative. */
  readonly inexact?: boolean;
  readonly valueType?: ValueType;
  /** The output's initial value, for `+=` and `*=` (default 0). */
  readonly init?: number;
}

const TACO_REDUCTIONS =
  'TACO src/index_notation/index_notation.cpp makeReductionNotation; test/tests-index_notation.cpp';
const MERGER = 'MLIR lib/Dialect/SparseTensor/Utils/Merger.cpp buildLattices';

const SEMANTICS_CASES: Readonly<Record<string, SemanticsCase>> = {
  'residual b - Ax': {
    expr: 'r(i) = b(i) - A(i,k) * x(k)',
    formats: { A: 'CSR' },
    shapes: { b: [9], A: [9, 7], x: [7] },
    source: TACO_REDUCTIONS,
  },
  'scaled product plus a constant': {
    expr: 'a(i) = 2 * (B(i,k) * c(k)) + 3',
    formats: { B: 'DCSR' },
    shapes: { B: [8, 6], c: [6] },
    source: TACO_REDUCTIONS,
  },
  'explicit sum over the whole expression (MLIR linalg.generic meaning)': {
    expr: 'y(i) = sum(k, b(i) - A(i,k) * x(k))',
    formats: { A: 'CSR' },
    shapes: { b: [9], A: [9, 7], x: [7] },
    source:
      'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_matvec.mlir; TACO test/tests-expr-reduction.cpp',
  },
  'sum inside a chain of additions': {
    expr: 'y(i) = a(i) + B(i,k) * x(k) + c(i)',
    formats: { a: 'sparse-vector', B: 'CSR' },
    shapes: { a: [10], B: [10, 5], x: [5], c: [10] },
    source: TACO_REDUCTIONS,
  },
  'sampled product plus a matrix (a temporary per row and column)': {
    expr: 'X(i,j) = S(i,j) * (A(i,k) * B(k,j)) + D(i,j)',
    formats: { S: 'CSR' },
    shapes: { S: [6, 5], A: [6, 4], B: [4, 5], D: [6, 5] },
    source:
      'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_sampled_mm_fusion.mlir; TACO test/tests-workspaces.cpp',
  },
  'dot product plus one (a rank-0 temporary)': {
    expr: 's = x(i) * y(i) + 1',
    formats: { x: 'sparse-vector', y: 'sparse-vector' },
    shapes: { x: [30], y: [30] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_dot.mlir',
  },
  'a reduction under abs': {
    expr: 'y(i) = abs(A(i,j) * x(j)) - x(i)',
    formats: { A: 'CSR' },
    shapes: { A: [7, 7], x: [7] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_abs.mlir',
  },
  'product of two sums over different indices': {
    expr: 'y(i) = sum(j, A(i,j)) * sum(k, B(i,k))',
    formats: { A: 'CSR', B: 'CSR' },
    shapes: { A: [6, 5], B: [6, 4] },
    source: 'TACO test/tests-expr-reduction.cpp',
  },
  'product of two sums over the same index name': {
    expr: 'y(i) = sum(j, A(i,j)) * sum(j, B(i,j))',
    formats: { A: 'CSR', B: 'DCSR' },
    shapes: { A: [6, 5], B: [6, 5] },
    source: 'TACO test/tests-expr-reduction.cpp',
  },
  'index values (linalg.index)': {
    expr: 'Y(i,j) = A(i,j) * (i * 3 + j)',
    formats: { A: 'CSR' },
    shapes: { A: [6, 8] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_index.mlir',
  },
  'index values everywhere (dense iteration)': {
    expr: 'Y(i,j) = A(i,j) + i * j',
    formats: { A: 'DCSR' },
    shapes: { A: [5, 6] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_index_dense.mlir',
  },
  'division by a dense operand': {
    expr: 'y(i) = a(i) / d(i)',
    formats: { a: 'sparse-vector' },
    shapes: { a: [40], d: [40] },
    nonzero: ['d'],
    inexact: true,
    source: `${MERGER} (kDivF: x / c)`,
  },
  'sqrt and abs keep zeros': {
    expr: 'Y(i,j) = sqrt(abs(A(i,j))) - abs(B(i,j))',
    formats: { A: 'CSR', B: 'CSC' },
    shapes: { A: [6, 7], B: [6, 7] },
    inexact: true,
    source: `${MERGER} (kSqrtF, kAbsF); MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_abs.mlir`,
  },
  'exp visits every coordinate': {
    expr: 'y(i) = exp(a(i) / 8) * 2',
    formats: { a: 'sparse-vector' },
    shapes: { a: [25] },
    inexact: true,
    source: `${MERGER} (non-zero-preserving unary ops iterate densely)`,
  },
  'max and min of two sparse operands': {
    expr: 'y(i) = max(a(i), b(i)) + min(a(i), b(i) * 2)',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    shapes: { a: [40], b: [40] },
    source:
      'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_binary.mlir; sparse_reductions_min.mlir',
  },
  'select between a sparse operand and a dense one (kCmpF, arith.select)': {
    expr: 'y(i) = select(a(i) > 0, a(i), c(i))',
    formats: { a: 'sparse-vector' },
    shapes: { a: [13], c: [13] },
    source: MERGER,
  },
  'select of two sparse branches on a dense condition': {
    expr: 'y(i) = select(c(i) <= 0.25, a(i), b(i) * 2)',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    shapes: { a: [14], b: [14], c: [14] },
    source: MERGER,
  },
  'select whose condition holds at zero (0 >= 0 visits absent coordinates)': {
    expr: 'Y(i,j) = select(A(i,j) >= B(i,j), A(i,j) + 1, B(i,j))',
    formats: { A: 'CSR', B: 'DCSR' },
    shapes: { A: [6, 7], B: [6, 7] },
    source: MERGER,
  },
  'select on a sparse condition with sparse branches (== and !=)': {
    expr: 'Y(i,j) = select(A(i,j) == 0, B(i,j), -A(i,j)) + select(B(i,j) != A(i,j), B(i,j), 0)',
    formats: { A: 'CSR', B: 'CSR' },
    shapes: { A: [5, 8], B: [5, 8] },
    source: MERGER,
  },
  'integer select (cmpi)': {
    expr: 'y(i) = select(a(i) < b(i), b(i) - a(i), a(i) * 3)',
    formats: { a: 'sparse-vector', b: 'sparse-vector' },
    shapes: { a: [12], b: [12] },
    source: MERGER,
    valueType: 'i32',
  },
  'select inside a reduction': {
    expr: 'y(i) = A(i,j) * select(x(j) > 0.5, x(j), 0)',
    formats: { A: 'CSR', x: 'sparse-vector' },
    shapes: { A: [7, 9], x: [9] },
    source: MERGER,
  },
  'a reduction over both sides of a comparison wraps the select (a count)': {
    expr: 'y(i) = select(A(i,k) > t(k), 1, 0) + select(A(i,k) < 0, A(i,k), 0)',
    formats: { A: 'CSR', t: 'sparse-vector' },
    shapes: { A: [7, 9], t: [9] },
    source: TACO_REDUCTIONS,
  },
  'max and min of matrices with a constant': {
    expr: 'Y(i,j) = max(A(i,j), B(i,j)) - min(A(i,j), 0.5)',
    formats: { A: 'CSR', B: 'DCSR' },
    shapes: { A: [6, 7], B: [6, 7] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_binary.mlir',
  },
  'Gram matrix A Aᵀ (one tensor, two index patterns)': {
    expr: 'C(i,j) = A(i,k) * A(j,k)',
    formats: { A: 'CSR' },
    shapes: { A: [7, 9] },
    source:
      'TACO test/tests-qcd.cpp; MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_matmul.mlir',
  },
  'Gram matrix of a DCSR tensor plus its own entries': {
    expr: 'C(i,j) = A(i,k) * A(j,k) + A(i,j)',
    formats: { A: 'DCSR' },
    shapes: { A: [6, 6] },
    source: 'TACO test/tests-qcd.cpp',
  },
  'a tensor against its own transpose (one pattern converted)': {
    expr: 'x(i) = A(i,j) * A(j,i)',
    formats: { A: 'CSR' },
    shapes: { A: [8, 8] },
    source:
      'TACO test/tests-transpose.cpp; MLIR mlir/test/Dialect/SparseTensor/sparse_reinterpret_map.mlir',
  },
  'CSR plus CSC (level orders conflict)': {
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    formats: { A: 'CSR', B: 'CSC' },
    shapes: { A: [7, 6], B: [7, 6] },
    source: 'TACO test/tests-format-mm-permute.cpp; MLIR sparse_reinterpret_map.mlir',
  },
  'CSR times CSR transposed': {
    expr: 'x(i) = A(i,j) * B(j,i)',
    formats: { A: 'CSR', B: 'CSR' },
    shapes: { A: [6, 5], B: [5, 6] },
    source: 'MLIR sparse_reinterpret_map.mlir',
  },
  'COO times COO': {
    expr: 'C(i,j) = A(i,j) * B(i,j)',
    formats: { A: 'COO', B: 'COO' },
    shapes: { A: [7, 6], B: [7, 6] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_coo_test.mlir',
  },
  'COO plus CSR': {
    expr: 'C(i,j) = A(i,j) + B(i,j)',
    formats: { A: 'COO', B: 'CSR' },
    shapes: { A: [7, 6], B: [7, 6] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_coo_test.mlir',
  },
  'COO plus dense': {
    expr: 'C(i,j) = A(i,j) + D(i,j)',
    formats: { A: 'COO' },
    shapes: { A: [5, 6], D: [5, 6] },
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_coo_test.mlir',
  },
  'integer kernel with truncating division': {
    expr: 'y(i) = A(i,j) * x(j) / 3 + max(x(i), 0)',
    formats: { A: 'CSR' },
    shapes: { A: [6, 6], x: [6] },
    valueType: 'i32',
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_binary.mlir (divsi)',
  },
  'accumulating a placed reduction (+=)': {
    expr: 'y(i) += b(i) - A(i,k) * x(k)',
    formats: { A: 'DCSR' },
    shapes: { b: [6], A: [6, 5], x: [5] },
    init: 1.5,
    source: TACO_REDUCTIONS,
  },
  'multiplying by stored entries, an explicit sum inside (*=)': {
    // B is dense without zeros, so no product of a stored entry is zero: `*=` skips implicit
    // zeros only, and the reference skips every zero.
    expr: 'y(i) *= A(i,j) * sum(k, abs(B(i,k)))',
    formats: { A: 'CSR' },
    shapes: { A: [6, 5], B: [6, 4] },
    nonzero: ['B'],
    init: 2,
    source: 'MLIR test/Integration/Dialect/SparseTensor/CPU/sparse_reductions_prod.mlir',
  },
  'f64 kernel with a scalar operand': {
    expr: 'y(i) = s * (A(i,j) * x(j)) - s',
    formats: { A: 'CSC' },
    shapes: { A: [6, 5], x: [5] },
    scalars: { s: 1.5 },
    valueType: 'f64',
    source: TACO_REDUCTIONS,
  },
};

const ARRAYS = {
  f32: (d: ArrayLike<number>) => Float32Array.from(d),
  f64: (d: ArrayLike<number>) => Float64Array.from(d),
  i32: (d: ArrayLike<number>) => Int32Array.from(d),
} as const;
const DTYPES = { f32: 'float32', f64: 'float64', i32: 'int32' } as const;

/** Operands of one case: kernel operands and their dense data for the reference. */
function operandsOf(c: SemanticsCase, seed: number) {
  const valueType = (c.valueType ?? 'f32') as keyof typeof ARRAYS;
  const operands: Record<string, KernelOperand> = { ...c.scalars };
  const dense: Record<string, NotationOperand> = { ...c.scalars };
  Object.entries(c.shapes).forEach(([name, shape], n) => {
    const format = Object.hasOwn(c.formats, name) ? c.formats[name] : undefined;
    const data = ARRAYS[valueType](
      randomDense(shape, {
        density: format === undefined ? 1 : 0.35,
        profile: valueType === 'i32' ? 'integers' : 'quarters',
        seed: seed * 97 + n,
      }),
    );
    if (c.nonzero?.includes(name)) {
      for (const [k, v] of data.entries()) data[k] = v === 0 ? 1 : v;
    }
    dense[name] = { data, shape };
    operands[name] =
      format === undefined
        ? { data, shape }
        : SparseTensor.fromDense(data, shape, format, { dtype: DTYPES[valueType] });
  });
  return { operands, dense };
}

/** The kernel compiled on an engine; `wasm, vectorized` runs the vectorizer first (vl 8). */
function compileOn(kernel: SparseKernel, engine: (typeof ENGINES)[number]) {
  if (engine !== 'wasm, vectorized') return compile(kernel.module, kernel.functionName, { engine });
  const { module } = vectorize(kernel.module, { vectorLength: 8, enableSIMDIndex32: true });
  return compile(module, kernel.functionName, { engine: 'wasm' });
}

function expectClose(actual: readonly number[], expected: readonly number[], inexact: boolean) {
  if (!inexact) {
    expect(actual).toEqual(expected);
    return;
  }
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, k) => {
    const e = expected[k] as number;
    if (Number.isNaN(e) || !Number.isFinite(e)) expect(a).toBe(e);
    else
      expect(Math.abs(a - e), `element ${k}: ${a} vs ${e}`).toBeLessThanOrEqual(
        1e-5 * Math.max(1, Math.abs(e)),
      );
  });
}

describe.each(Object.entries(SEMANTICS_CASES))('%s', (_, c) => {
  it.each(ENGINES)(`${c.expr} on %s (${c.source})`, (engine) => {
    const valueType = c.valueType ?? 'f32';
    const kernel = sparsify(c.expr, c.formats, { valueType });
    const run = compileOn(kernel, engine);
    for (const seed of SEEDS) {
      const { operands, dense } = operandsOf(c, seed);
      const size = outputShapeOf(kernel, operands).reduce((a, b) => a * b, 1);
      const initial = new Array<number>(size).fill(c.init ?? 0);
      const call = bindArguments(
        kernel,
        operands,
        ARRAYS[valueType as keyof typeof ARRAYS](initial),
      );
      run(...call.args);
      const expected = referenceIndexNotation(c.expr, dense, initial, {
        round: valueType === 'f32' ? Math.fround : valueType === 'i32' ? (x) => x | 0 : (x) => x,
        integer: valueType === 'i32',
      });
      expectClose(
        withoutNegativeZeros(call.output),
        withoutNegativeZeros(expected),
        c.inexact === true,
      );
    }
  });
});

describe('mlir-opt-22 verifies every semantics kernel (mlir-opt-22 must be installed)', () => {
  it('scalar and vectorized', () => {
    const cases = Object.entries(SEMANTICS_CASES);
    const texts = cases.flatMap(([, c]) => {
      const k = sparsify(c.expr, c.formats, { valueType: c.valueType ?? 'f32' });
      const v = vectorize(k.module, { vectorLength: 8, enableSIMDIndex32: true }).module;
      return [printModule(k.module), printModule(v)];
    });
    const results = runChunks(texts, []);
    for (const [n, r] of results.entries()) {
      expect(r.ok ? '' : r.error, cases[Math.floor(n / 2)]?.[0]).toBe('');
    }
  });
});

describe('what the language rejects, with the fix named', () => {
  it('division by a sparse operand (zero wherever it is absent)', () => {
    expect(() => sparsify('y(i) = a(i) / b(i)', { b: 'sparse-vector' })).toThrow(
      /divisor .* dense operand or a constant/,
    );
  });

  it('sqrt or exp in an integer kernel names the value type to use', () => {
    expect(() => sparsify('y(i) = sqrt(a(i))', {}, { valueType: 'i32' })).toThrow(
      /sqrt needs a float value type .*valueType 'f32' or 'f64'/,
    );
  });

  it('operands of another value type name the conversion (MLIR has no implicit casts)', () => {
    const kernel = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' });
    const A = SparseTensor.fromDense(new Float64Array([1, 0, 0, 2]), [2, 2], 'CSR');
    const x = { data: new Float32Array([1, 1]), shape: [2] };
    expect(() => bindArguments(kernel, { A, x })).toThrow(SparsifyError);
    expect(() => bindArguments(kernel, { A, x })).toThrow(
      /operands\.A: holds Float64Array values but the kernel computes f32 \(arith\.truncf.*dtype: 'float32'/,
    );
    const integers = sparsify('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'i32' });
    const Ai = SparseTensor.fromDense(new Int32Array([1, 0, 0, 2]), [2, 2], 'CSR');
    expect(() => bindArguments(integers, { A: Ai, x })).toThrow(
      /operands\.x: holds Float32Array values .*arith\.fptosi/,
    );
  });

  it('an operand converted for the loop order is still checked against its declared format', () => {
    const kernel = sparsify('C(i,j) = A(i,j) + B(i,j)', { A: 'CSR', B: 'CSC' });
    expect(kernel.plan.inputs.map((t) => t.name)).toEqual(['A', 'B', 'B@1']);
    const A = SparseTensor.fromDense(new Float32Array([1, 0, 0, 2]), [2, 2], 'CSR');
    expect(() => bindArguments(kernel, { A, B: A })).toThrow(
      /operands\.B: format .* does not match/,
    );
  });

  it('explicit sums must be scoped', () => {
    expect(() => sparsify('y(i) = sum(i, a(i))')).toThrow(/sum\(i, …\) is an output index/);
    expect(() => sparsify('y(i) = sum(k, A(i,k)) + x(k)')).toThrow(/also used outside the sum/);
    expect(() => sparsify('y(i) = sum(k, sum(k, A(i,k)))')).toThrow(/the index k of sum\(k, …\)/);
    expect(() => sparsify('y(i) = sum(k, a(i))')).toThrow(/extent is unknown/);
    // A bare name that is no index of the kernel is a scalar operand; an output index needs a tensor.
    expect(sparsify('y(i) = a(i) * j').plan.inputs.map((t) => t.name)).toEqual(['a', 'j']);
    expect(() => sparsify('y(i,j) = a(i) * j')).toThrow(/output index j does not appear/);
  });
});
