/**
 * Co-iteration loops that select the present lattice case's value (`caseDispatch: 'select'`,
 * the default) instead of branching to it: random unions of two or three sparse matrices
 * under +, -, max, min and select, in random formats and level orders and every value type,
 * with stored -0 and NaN, give on every engine exactly (bit for bit: positions, coordinates
 * and values) what the branching form gives, and the dense reference's values. Derived from
 * MLIR's sparse_tensor integration tests of element-wise unions
 * (test/Integration/Dialect/SparseTensor/CPU/sparse_binary.mlir).
 */
import { referenceIndexNotation } from '@tilekit/conformance/testing';
import { compile } from '@tilekit/loop-engines';
import { printModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FormatSpec,
  runKernel,
  SparseTensor,
  SparsifyError,
  sparsify,
} from '../../src/index.js';
import { ENGINES } from './every-engine.js';
import { rng, withoutNegativeZeros } from './fixtures.js';

const SHAPE = [5, 6] as const;
const NAMES = ['A', 'B', 'C'] as const;
const FORMATS: readonly FormatSpec[] = ['CSR', 'DCSR', 'CSC', 'DCSC'];
const DTYPES = { f64: 'float64', f32: 'float32', i32: 'int32', i64: 'int64' } as const;

/** A random union expression over the first `n` operands (each appears at least once). */
const unionOf = (n: number) =>
  fc
    .letrec<{ e: string }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        fc.constantFrom(...NAMES.slice(0, n).map((t) => `${t}(i,j)`)),
        fc
          .tuple(tie('e'), fc.constantFrom('+', '-'), tie('e'))
          .map(([l, op, r]) => `(${l} ${op} ${r})`),
        fc
          .tuple(fc.constantFrom('max', 'min'), tie('e'), tie('e'))
          .map(([f, l, r]) => `${f}(${l}, ${r})`),
        fc
          .tuple(tie('e'), fc.constantFrom('<', '>=', '!='), tie('e'), tie('e'), tie('e'))
          .map(([l, cmp, r, t, f]) => `select(${l} ${cmp} ${r}, ${t}, ${f})`),
      ),
    }))
    .e.filter((e) => NAMES.slice(0, n).every((t) => e.includes(`${t}(`)));

const kernelCase = fc.integer({ min: 2, max: 3 }).chain((n) =>
  fc.record({
    n: fc.constant(n),
    rhs: unionOf(n),
    formats: fc.array(fc.constantFrom(...FORMATS), { minLength: n + 1, maxLength: n + 1 }),
    valueType: fc.constantFrom<keyof typeof DTYPES>('f64', 'f32', 'i32', 'i64'),
    seed: fc.integer({ min: 1, max: 100000 }),
  }),
);

/** Random entries at about 40 % density: small integers, and for floats also -0, NaN, halves. */
function randomEntries(seed: number, float: boolean): Map<number, number> {
  const next = rng(seed);
  const entries = new Map<number, number>();
  for (let k = 0; k < SHAPE[0] * SHAPE[1]; k++) {
    if (next() >= 0.4) continue;
    const special = float ? next() : 1;
    const v = special < 0.1 ? -0 : special < 0.15 ? Number.NaN : Math.floor(next() * 9) - 4 || 1;
    entries.set(k, float && next() < 0.3 ? v + 0.5 : v);
  }
  return entries;
}

/** Positions, coordinates and values as bytes, so -0 and NaN payloads compare exactly. */
function storageBytes(t: SparseTensor): number[][] {
  const bytes = (a: ArrayBufferView | undefined) =>
    a === undefined ? [] : Array.from(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
  return [
    ...t.positions.map((p) => bytes(p as ArrayBufferView | undefined)),
    ...t.coordinates.map((c) => bytes(c as ArrayBufferView | undefined)),
    bytes(t.values as ArrayBufferView),
  ];
}

describe('co-iteration that selects the present case', () => {
  it('matches the branching form bitwise and the dense reference (seeded)', () => {
    let compared = 0;
    let selecting = 0;
    let runs = 0;
    fc.assert(
      fc.property(kernelCase, ({ n, rhs, formats, valueType, seed }) => {
        runs++;
        const expr = `X(i,j) = ${rhs}`;
        const names = NAMES.slice(0, n);
        const formatOf: Record<string, FormatSpec> = { X: formats[n] as FormatSpec };
        names.forEach((t, k) => {
          formatOf[t] = formats[k] as FormatSpec;
        });
        let selected: ReturnType<typeof sparsify>;
        let branching: ReturnType<typeof sparsify>;
        try {
          selected = sparsify(expr, formatOf, { valueType });
          branching = sparsify(expr, formatOf, { valueType, caseDispatch: 'branch' });
        } catch (e) {
          // Only level orders no loop order satisfies are rejected.
          expect(e).toBeInstanceOf(SparsifyError);
          return;
        }
        compared++;
        if (printModule(selected.module) !== printModule(branching.module)) selecting++;
        const float = valueType === 'f64' || valueType === 'f32';
        const dense: Record<string, { data: Float64Array; shape: readonly number[] }> = {};
        const operands: Record<string, SparseTensor> = {};
        names.forEach((t, k) => {
          const entries = randomEntries(seed * 3 + k, float);
          const data = new Float64Array(SHAPE[0] * SHAPE[1]);
          for (const [at, v] of entries) data[at] = v;
          dense[t] = { data, shape: SHAPE };
          operands[t] = SparseTensor.fromCoordinates(
            [...entries.keys()].map((at) => [Math.floor(at / SHAPE[1]), at % SHAPE[1]]),
            [...entries.values()].map((v) => (valueType === 'i64' ? BigInt(v) : v)),
            SHAPE,
            formatOf[t] as FormatSpec,
            { dtype: DTYPES[valueType] },
          );
        });
        const expected = referenceIndexNotation(
          expr,
          dense,
          new Array(SHAPE[0] * SHAPE[1]).fill(0),
          {
            round: valueType === 'f32' ? Math.fround : (x) => x,
            integer: !float,
          },
        );
        for (const engine of ENGINES) {
          const run = (k: ReturnType<typeof sparsify>) =>
            runKernel(k, compile(k.module, k.functionName, { engine }), operands) as SparseTensor;
          const got = run(selected);
          const label = `${expr} ${JSON.stringify(formatOf)} ${valueType} on ${engine}`;
          expect(storageBytes(got), label).toEqual(storageBytes(run(branching)));
          expect(withoutNegativeZeros(got.toDense()), label).toEqual(
            withoutNegativeZeros(expected),
          );
        }
      }),
      { seed: 22, numRuns: 60 },
    );
    expect(compared).toBeGreaterThan(runs * 0.5);
    expect(selecting).toBeGreaterThan(compared * 0.8);
  });

  it('rejects an unknown case dispatch by name', () => {
    expect(() =>
      sparsify(
        'X(i,j) = A(i,j) + B(i,j)',
        { A: 'CSR', B: 'CSR', X: 'CSR' },
        {
          caseDispatch: 'jump' as 'select',
        },
      ),
    ).toThrow(/options\.caseDispatch.*'select' or 'branch'/);
  });
});
