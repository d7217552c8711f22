/**
 * A sparse kernel's result does not depend on the formats: an operand converted to the
 * output's (or another operand's) level order keeps its stored pattern, stored zeros
 * included (so `A / D` is NaN at a stored zero of `A` where `D` is 0, as scipy gives in every
 * format), and `+`, `-`, `max`, `min` store exactly the union of their operands' entries
 * (never a zero where no operand stores one, whatever level is compressed). Checked against a
 * plain loop over the operands' stored entries (read back by `toCoordinates`), for every
 * output format, on seeded random operands holding stored zeros, NaN and infinities.
 */
import { compile, type EngineName } from '@tilekit/loop-engines';
import { describe, expect, it } from 'vitest';
import { type NamedFormat, runKernel, SparseTensor, sparsify } from '../../src/index.js';
import { ENGINES } from './every-engine.js';
import { rng } from './fixtures.js';

const FORMATS: readonly NamedFormat[] = ['CSR', 'CSC', 'DCSR', 'DCSC', 'COO'];

/** Stored entries by `"i,j"`, read by the tensor's own traversal. */
function entriesOf(t: SparseTensor): Map<string, number> {
  const { coordinates, values } = t.toCoordinates();
  return new Map(coordinates.map((c, k) => [c.join(','), values[k] as number]));
}

/** The same number, NaN equal to NaN and -0 to 0. */
const same = (a: number, b: number): boolean => (Number.isNaN(a) ? Number.isNaN(b) : a === b);

/** One element-wise operation and what a plain loop stores for it. */
interface Op {
  readonly expr: string;
  /** Which stored coordinates the result has, from whether A and B store one there. */
  readonly stores: (inA: boolean, inB: boolean) => boolean;
  readonly value: (a: number, b: number) => number;
}

const OPS: readonly Op[] = [
  { expr: 'C(i,j) = A(i,j) + B(i,j)', stores: (a, b) => a || b, value: (a, b) => a + b },
  { expr: 'C(i,j) = A(i,j) - B(i,j)', stores: (a, b) => a || b, value: (a, b) => a - b },
  {
    expr: 'C(i,j) = max(A(i,j), B(i,j))',
    stores: (a, b) => a || b,
    value: (a, b) => Math.max(a, b),
  },
  {
    expr: 'C(i,j) = min(A(i,j), B(i,j))',
    stores: (a, b) => a || b,
    value: (a, b) => Math.min(a, b),
  },
  { expr: 'C(i,j) = A(i,j) * B(i,j)', stores: (a, b) => a && b, value: (a, b) => a * b },
  // B is bound densely here (D): every coordinate of A is divided.
  { expr: 'C(i,j) = A(i,j) / D(i,j)', stores: (a) => a, value: (a, b) => a / b },
];

/** A random matrix with stored zeros, NaN and infinities among its entries. */
function randomMatrix(shape: [number, number], format: NamedFormat, next: () => number) {
  const coordinates: number[][] = [];
  const values: number[] = [];
  const special = [0, 0, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0];
  for (let i = 0; i < shape[0]; i++)
    for (let j = 0; j < shape[1]; j++) {
      if (next() > 0.45) continue;
      coordinates.push([i, j]);
      const r = next();
      values.push(
        r < 0.3
          ? (special[Math.floor(next() * special.length)] as number)
          : (Math.floor(next() * 16) - 8) / 4,
      );
    }
  return SparseTensor.fromCoordinates(coordinates, values, shape, format, { dtype: 'float64' });
}

/** Runs `op` with A, B in their formats (B dense for the division) into `out`'s format. */
function run(
  op: Op,
  A: SparseTensor,
  B: SparseTensor,
  out: NamedFormat,
  engine: EngineName,
): SparseTensor {
  const dense = op.expr.includes('D(');
  const formats = dense ? { A: A.format, C: out } : { A: A.format, B: B.format, C: out };
  const kernel = sparsify(op.expr, formats, { valueType: 'f64' });
  const fn = compile(kernel.module, kernel.functionName, { engine });
  const operands = dense
    ? { A, D: { data: B.toDense() as Float64Array, shape: B.shape } }
    : { A, B };
  return runKernel(kernel, fn, operands) as SparseTensor;
}

/** The plain loop's result: stored coordinates and values. */
function expected(op: Op, A: SparseTensor, B: SparseTensor): Map<string, number> {
  const a = entriesOf(A);
  const b = entriesOf(B);
  const bDense = B.toDense() as Float64Array;
  const out = new Map<string, number>();
  for (let i = 0; i < (A.shape[0] as number); i++)
    for (let j = 0; j < (A.shape[1] as number); j++) {
      const key = `${i},${j}`;
      const divides = op.expr.includes('D(');
      if (!op.stores(a.has(key), divides || b.has(key))) continue;
      const rhs = divides ? (bDense[i * (A.shape[1] as number) + j] as number) : (b.get(key) ?? 0);
      out.set(key, op.value(a.get(key) ?? 0, rhs));
    }
  return out;
}

function expectStored(got: SparseTensor, want: Map<string, number>, label: string): void {
  const stored = entriesOf(got);
  expect([...stored.keys()].sort(), label).toEqual([...want.keys()].sort());
  for (const [key, v] of want) {
    expect(
      same(stored.get(key) as number, v),
      `${label} at (${key}): ${stored.get(key)} vs ${v}`,
    ).toBe(true);
  }
}

describe('stored patterns do not depend on the formats', () => {
  it('A / D with a stored zero in A and D = 0 there is NaN in every output format', () => {
    const A = SparseTensor.fromCoordinates([[0, 0]], [0], [2, 2], 'CSR', { dtype: 'float64' });
    const D = SparseTensor.fromCoordinates([], [], [2, 2], 'CSR', { dtype: 'float64' });
    const divide = OPS[5] as Op;
    for (const out of FORMATS) {
      const C = run(divide, A, D, out, 'js');
      expect(C.nnz, out).toBe(1);
      expect(Number.isNaN(C.values[0] as number), out).toBe(true);
    }
  });

  it('max(A, empty) stores A only and min of two empty matrices stores nothing, every format', () => {
    const [max, min] = [OPS[2] as Op, OPS[3] as Op];
    for (const f of FORMATS) {
      const A = SparseTensor.fromCoordinates([[0, 1]], [5], [2, 3], f, { dtype: 'float64' });
      const empty = SparseTensor.fromCoordinates([], [], [2, 3], f, { dtype: 'float64' });
      for (const out of FORMATS) {
        const C = run(max, A, empty, out, 'js');
        expect([...entriesOf(C)], `max ${f} -> ${out}`).toEqual([['0,1', 5]]);
        expect(run(min, empty, empty, out, 'js').nnz, `min ${f} -> ${out}`).toBe(0);
      }
    }
  });

  it('every element-wise op, format triple and engine equals the plain loop (seeded)', () => {
    const next = rng(3403);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)] as T;
    for (let n = 0; n < 120; n++) {
      const shape: [number, number] = [Math.floor(next() * 5), Math.floor(next() * 5)];
      const op = pick(OPS);
      const A = randomMatrix(shape, pick(FORMATS), next);
      const B = randomMatrix(shape, pick(FORMATS), next);
      const out = pick(FORMATS);
      const engine = pick(ENGINES);
      const label = `${op.expr} A ${JSON.stringify(A.format.order)}${A.format.levels} B ${B.format.levels}${JSON.stringify(B.format.order)} -> ${out} [${shape}] on ${engine}`;
      expectStored(run(op, A, B, out, engine), expected(op, A, B), label);
    }
  });
});
