/**
 * The output updated in place, written out: `X(i,j) = X(i,j) * 2.0` (MLIR's
 * `sparse_scale.mlir`, a CSR matrix scaled by 2 in place) means `X(i,j) *= 2.0`, and
 * `X(i,j) = X(i,j) + e` means `X(i,j) += e`. Checked against plain loops over the dense
 * data, seeded, on every engine, scalar and vectorized.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  type KernelOperand,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
  type ValueType,
} from '../../src/index.js';
import { type CompiledRun, compiledEverywhere } from './every-engine.js';

const SHAPE = [6, 9] as const;

/** Integers in [-9, 9], about `density` of them non-zero (exact in every value type). */
function randomData(next: () => number, density: number): Float64Array {
  return Float64Array.from({ length: SHAPE[0] * SHAPE[1] }, () => {
    if (next() >= density) return 0;
    const v = 1 + Math.floor(next() * 9);
    return next() < 0.5 ? -v : v;
  });
}

const ARRAY = {
  f32: Float32Array,
  f64: Float64Array,
  i32: Int32Array,
} as const;
type Typed = 'f32' | 'f64' | 'i32';
const DTYPE = { f32: 'float32', f64: 'float64', i32: 'int32' } as const;

/** Every engine's result of `kernel`, scalar and vectorized, as plain numbers. */
function everywhere(
  expr: string,
  formats: Readonly<Record<string, FormatSpec>>,
  valueType: ValueType,
  call: (run: CompiledRun['run'], kernel: ReturnType<typeof sparsify>) => number[],
): Map<string, number[]> {
  const kernel = sparsify(expr, formats, { valueType });
  return new Map(compiledEverywhere(kernel).map(({ label, run }) => [label, call(run, kernel)]));
}

describe("X(i,j) = X(i,j) * c on a sparse X is MLIR's sparse_scale.mlir (X *= c, in place)", () => {
  const FORMATS: readonly FormatSpec[] = ['CSR', 'CSC', 'DCSR', 'COO'];
  const TYPES: readonly Typed[] = ['f32', 'f64', 'i32'];
  it.each(
    FORMATS.flatMap((format) =>
      TYPES.flatMap((valueType) =>
        ['X(i,j) = X(i,j) * 2', 'X(i,j) = 2 * X(i,j)', 'X(i,j) = X(i,j) * s'].map((expr) => ({
          format,
          valueType,
          expr,
          label: `${expr} ${format} ${valueType}`,
        })),
      ),
    ),
  )('$label', ({ format, valueType, expr }) => {
    for (const seed of [1, 2, 3]) {
      const dense = randomData(seededRandom(seed), seed === 3 ? 1 : 0.4);
      const scale = expr.includes('s') ? -3 : 2;
      const X = SparseTensor.fromDense(ARRAY[valueType].from(dense), [...SHAPE], format, {
        dtype: DTYPE[valueType],
      });
      const kernel = sparsify(expr, { X: format }, { valueType });
      expect(kernel.plan.notation.op).toBe('*=');
      // The plain loop: every stored value times the scale, the pattern unchanged.
      const expected = [...dense].map((x) => (x === 0 ? 0 : x * scale));
      const results = everywhere(expr, { X: format }, valueType, (run, k) => {
        const out = runKernel(k, run, expr.includes('s') ? { X, s: scale } : { X });
        const scaled = out as SparseTensor;
        expect(scaled.values.length).toBe(X.values.length);
        return [...scaled.toDense()].map(Number);
      });
      for (const [where, got] of results) expect(got, where).toEqual(expected);
    }
  });
});

describe('X(i,j) = X(i,j) op e on a dense X (op * or +) is X op= e', () => {
  it.each(['f32', 'f64', 'i32'] as const)('%s', (valueType) => {
    const next = seededRandom(11);
    const x0 = randomData(next, 0.7);
    // d holds zeros too: X * d is zero there, and so is X *= d (a dense d has no implicit zeros).
    const d = randomData(next, 0.7);
    const a = randomData(next, 0.3);
    const A = SparseTensor.fromDense(ARRAY[valueType].from(a), [...SHAPE], 'CSR', {
      dtype: DTYPE[valueType],
    });
    const cases: {
      expr: string;
      formats: Readonly<Record<string, FormatSpec>>;
      operands: Record<string, KernelOperand>;
      expected: number[];
    }[] = [
      {
        expr: 'X(i,j) = X(i,j) * d(i,j)',
        formats: {},
        operands: { d: { data: ARRAY[valueType].from(d), shape: [...SHAPE] } },
        // Plain loop: each element times d's.
        // (+ 0: integers have no negative zero)
        expected: [...x0].map((x, k) => x * (d[k] as number) + 0),
      },
      {
        expr: 'X(i,j) = A(i,j) + X(i,j)',
        formats: { A: 'CSR' },
        operands: { A },
        expected: [...x0].map((x, k) => x + (a[k] as number)),
      },
    ];
    for (const c of cases) {
      const results = everywhere(c.expr, c.formats, valueType, (run, k) => {
        const out = runKernel(k, run, c.operands, ARRAY[valueType].from(x0));
        return Array.from(out as ArrayLike<number>, (v) => Number(v) + 0);
      });
      for (const [where, got] of results) expect(got, `${c.expr} ${where}`).toEqual(c.expected);
    }
  });
});

describe('forms that are not an update stay errors naming what to write', () => {
  it('X = X * e with a sparse e (X * e would be zero where e is absent; *= keeps X)', () => {
    expect(() => sparsify('X(i,j) = X(i,j) * A(i,j)', { A: 'CSR' })).toThrow(SparsifyError);
    expect(() => sparsify('X(i,j) = X(i,j) * A(i,j)', { A: 'CSR' })).toThrow(/\*= …/);
  });
  it('X = X + e where e reduces over an index', () => {
    expect(() => sparsify('x(i) = x(i) + A(i,j)', { A: 'CSR' })).toThrow(/reduces over no index/);
  });
  it('the output read at other subscripts, or under another operator', () => {
    expect(() => sparsify('X(i,j) = X(j,i) * 2')).toThrow(/use \+= or \*=/);
    expect(() => sparsify('x(i) = x(i) - a(i)')).toThrow(/use \+= or \*=/);
    expect(() => sparsify('x(i) = x(i) * x(i)')).toThrow(/use \+= or \*=/);
  });
});
