/**
 * Mixed value types, by the rule of value-promotion.ts: an operand is promoted to the kernel's
 * value type by the cast MLIR code would write when that cast keeps or rounds values as the
 * arithmetic would (`arith.sitofp`, `arith.extf`, `arith.extsi`); a narrowing cast
 * (`arith.truncf`, `arith.trunci`, `arith.fptosi`) stays a typed error naming it. Derived from
 * TACO's `int_float_promotion` (tests-expr.cpp: an int tensor plus a float tensor computes in
 * float); checked against plain loops, seeded, on every engine.
 */
import { seededRandom } from '@tilekit/conformance/testing';
import { compile, type EngineName } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import {
  bindArguments,
  type KernelOperand,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';

const SHAPE = [5, 7] as const;
const SIZE = SHAPE[0] * SHAPE[1];

/**
 * `sitofp` to f32 as an independent plain computation: the integer's 24 leading bits, rounded
 * to nearest with ties to even on the bits below them.
 */
function roundToF32(x: bigint): number {
  const negative = x < 0n;
  const m = negative ? -x : x;
  const bits = m.toString(2).length;
  if (bits <= 24) return negative ? -Number(m) : Number(m);
  const drop = BigInt(bits - 24);
  let kept = m >> drop;
  const rest = m - (kept << drop);
  const half = 1n << (drop - 1n);
  if (rest > half || (rest === half && (kept & 1n) === 1n)) kept += 1n;
  const value = Number(kept) * 2 ** Number(drop);
  return negative ? -value : value;
}

function integers(next: () => number, density: number, wide: boolean): number[] {
  return Array.from({ length: SIZE }, () => {
    if (next() >= density) return 0;
    // Some beyond 2^24, where sitofp to f32 rounds.
    const magnitude =
      wide && next() < 0.5 ? 2 ** 24 + Math.floor(next() * 2 ** 30) : 1 + Math.floor(next() * 99);
    return next() < 0.5 ? -magnitude : magnitude;
  });
}

function floats(next: () => number): number[] {
  return Array.from({ length: SIZE }, () => Math.fround((Math.floor(next() * 64) - 32) / 8));
}

const runAll = (
  expr: string,
  formats: Record<string, 'CSR' | 'COO'>,
  valueType: 'f32' | 'f64' | 'i64',
  operands: Record<string, KernelOperand>,
): Map<EngineName, number[]> => {
  const kernel = sparsify(expr, formats, { valueType });
  const results = new Map<EngineName, number[]>();
  for (const engine of ENGINES) {
    const out = runKernel(
      kernel,
      compile(kernel.module, kernel.functionName, { engine }),
      operands,
    );
    results.set(
      engine,
      Array.from(out as ArrayLike<number | bigint>, (v) => Number(v) + 0),
    );
  }
  return results;
};

describe('promotion: int32 + float32 computes in f32 (TACO int_float_promotion)', () => {
  it.each([1, 2, 3])('C(i,j) = A(i,j) + B(i,j), A int32 CSR, B float32 dense, seed %i', (seed) => {
    const next = seededRandom(seed);
    const a = integers(next, 0.5, true);
    const b = floats(next);
    const A = SparseTensor.fromDense(Int32Array.from(a), [...SHAPE], 'CSR');
    const B = { data: Float32Array.from(b), shape: [...SHAPE] };
    const valuesBefore = Int32Array.from(A.values as Int32Array);
    // Plain loop: each int rounded to f32 (sitofp), then an f32 add.
    const expected = a.map((x, k) => Math.fround(roundToF32(BigInt(x)) + (b[k] as number)) + 0);
    for (const [engine, got] of runAll('C(i,j) = A(i,j) + B(i,j)', { A: 'CSR' }, 'f32', { A, B })) {
      expect(got, engine).toEqual(expected);
    }
    // The caller's tensor is not touched: binding promotes a copy.
    expect(A.values).toEqual(valuesBefore);
    expect(A.values).toBeInstanceOf(Int32Array);
  });

  it('an int32 COO operand times a float32 scalar, into f64 (sitofp and extf are exact)', () => {
    const next = seededRandom(9);
    const a = integers(next, 0.4, true);
    const A = SparseTensor.fromDense(Int32Array.from(a), [...SHAPE], 'COO');
    const x = { data: Float32Array.from(floats(next).slice(0, SHAPE[1])), shape: [SHAPE[1]] };
    const expected = Array.from({ length: SHAPE[0] }, (_, i) => {
      let sum = 0;
      for (let j = 0; j < SHAPE[1]; j++)
        sum += (a[i * SHAPE[1] + j] as number) * (x.data[j] as number);
      return sum + 0;
    });
    for (const [engine, got] of runAll('y(i) = A(i,j) * x(j)', { A: 'COO' }, 'f64', { A, x })) {
      expect(got, engine).toEqual(expected);
    }
  });

  it('int32 into an i64 kernel (extsi), and int64 into f32 rounding once (sitofp)', () => {
    const next = seededRandom(4);
    const a = integers(next, 0.6, true);
    const A = SparseTensor.fromDense(Int32Array.from(a), [...SHAPE], 'CSR');
    const B = { data: BigInt64Array.from(a, (v) => BigInt(v) * 3n), shape: [...SHAPE] };
    for (const [engine, got] of runAll('C(i,j) = A(i,j) + B(i,j)', { A: 'CSR' }, 'i64', { A, B })) {
      expect(got, engine).toEqual(a.map((v) => v * 4 + 0));
    }
    // Values near 2^62, where rounding to 53 bits and then to 24 bits would differ from once.
    const wide = Array.from({ length: SIZE }, (_, k) => {
      const base = (1n << 61n) + (BigInt(Math.floor(next() * 2 ** 30)) << 8n);
      // A tie at f32 precision plus one bit below f64's: rounding twice goes the wrong way.
      const tricky = (1n << 61n) + (1n << 37n) + (1n << 7n);
      return k % 5 === 0 ? tricky : k % 2 === 0 ? -base : base;
    });
    const D = { data: BigInt64Array.from(wide), shape: [...SHAPE] };
    const zero = { data: new Float32Array(SIZE), shape: [...SHAPE] };
    for (const [engine, got] of runAll('C(i,j) = D(i,j) + Z(i,j)', {}, 'f32', { D, Z: zero })) {
      expect(got, engine).toEqual(wide.map((v) => roundToF32(v) + 0));
    }
  });
});

describe('narrowing casts stay typed errors naming the cast', () => {
  const cases = [
    {
      valueType: 'f32' as const,
      operand: { data: new Float64Array([1.5, 2]), shape: [2] },
      cast: 'arith.truncf',
    },
    {
      valueType: 'i32' as const,
      operand: { data: new BigInt64Array([1n, 2n]), shape: [2] },
      cast: 'arith.trunci',
    },
    {
      valueType: 'i32' as const,
      operand: { data: new Float32Array([1, 2]), shape: [2] },
      cast: 'arith.fptosi',
    },
    {
      valueType: 'i64' as const,
      operand: { data: new Float64Array([1, 2]), shape: [2] },
      cast: 'arith.fptosi',
    },
  ];
  it.each(
    cases.map((c) => ({ ...c, label: `${c.operand.data.constructor.name} into ${c.valueType}` })),
  )('$label names $cast', ({ valueType, operand, cast }) => {
    const kernel = sparsify('y(i) = a(i) + b(i)', {}, { valueType });
    const b = {
      data:
        valueType === 'f32'
          ? new Float32Array(2)
          : valueType === 'i32'
            ? new Int32Array(2)
            : new BigInt64Array(2),
      shape: [2],
    };
    const before = [...operand.data];
    let error: unknown;
    try {
      bindArguments(kernel, { a: operand, b });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(SparsifyError);
    expect((error as SparsifyError).argument).toBe('operands.a');
    expect(String(error)).toContain(cast);
    expect([...operand.data]).toEqual(before);
  });
  it('an array no kernel computes in (Uint8Array) is still named, with the array to pass', () => {
    const kernel = sparsify('y(i) = a(i)');
    expect(() =>
      bindArguments(kernel, { a: { data: new Uint8Array(2) as never, shape: [2] } }),
    ).toThrow(/operands\.a: holds Uint8Array values .*Float32Array/);
  });
});
