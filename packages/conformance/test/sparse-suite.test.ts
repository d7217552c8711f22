/**
 * The sparse suite's own machinery: its case data (sources, rules, formats), the checks it makes
 * of any implementation's output and operands, and the reference's `extents` option it relies
 * on for kernels whose output indices no operand sizes.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SEED,
  RULES,
  SPARSE_CASES,
  type SparseImpl,
  type SparseRequest,
  sparseCaseId,
  sparseConformance,
} from '../src/index.js';
import { referenceIndexNotation } from '../src/testing.js';

/** A dense implementation computing with the reference itself, so it passes every case. */
const denseImpl: SparseImpl = {
  run: (r: SparseRequest) =>
    referenceIndexNotation(r.expression, r.operands, r.output.data, {
      round: r.valueType === 'f32' ? Math.fround : r.valueType === 'i32' ? (x) => x | 0 : (x) => x,
      integer: r.valueType === 'i32',
      extents: Object.fromEntries(
        (/\(([^()]*)\)/.exec(r.expression.split(/\+=|\*=|=/)[0] as string)?.[1] ?? '')
          .split(',')
          .map((i, d) => [i.trim(), r.output.shape[d] as number]),
      ),
    }),
};

/** Entries of a dense row-major array as a coordinate list. */
function entriesOf(data: ArrayLike<number>, shape: readonly number[]) {
  const coordinates: number[][] = [];
  const values: number[] = [];
  for (let at = 0; at < data.length; at++) {
    if (data[at] === 0) continue;
    let rest = at;
    const c = shape.map(() => 0);
    for (let d = shape.length - 1; d >= 0; d--) {
      c[d] = rest % (shape[d] as number);
      rest = Math.floor(rest / (shape[d] as number));
    }
    coordinates.push(c);
    values.push(data[at] as number);
  }
  return { coordinates, values };
}

describe('SPARSE_CASES', () => {
  it('have unique ids, known rules and a TACO or MLIR source file each', () => {
    const ids = SPARSE_CASES.map(sparseCaseId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of SPARSE_CASES) {
      expect(Object.keys(RULES)).toContain(c.rule);
      expect(c.source).toMatch(
        /^(llvm-project mlir\/test\/Integration\/Dialect\/SparseTensor\/CPU\/\w+\.mlir|tensor-compiler\/taco (test\/tests-[\w-]+\.cpp|apps\/[\w/]+\.cpp))$/,
      );
    }
  });

  it('give formats only to tensors of their expression', () => {
    for (const c of SPARSE_CASES) {
      for (const name of Object.keys(c.formats)) {
        expect(c.expression, sparseCaseId(c)).toMatch(new RegExp(`\\b${name}\\(`));
      }
    }
  });
});

describe('sparseConformance', () => {
  it('passes an implementation that computes the notation densely (dense or entry results)', async () => {
    const dense = await sparseConformance(denseImpl).run();
    expect(dense.failed).toBe(0);
    expect(dense.passed).toBe(SPARSE_CASES.length);
    const entries: SparseImpl = {
      run: async (r) => entriesOf((await denseImpl.run(r)) as number[], r.output.shape),
    };
    expect((await sparseConformance(entries, { numRuns: 1 }).run()).failed).toBe(0);
  });

  it('fails entries outside the shape, entries stored twice, and changed operands', async () => {
    const shifted: SparseImpl = {
      run: async (r) => {
        const { coordinates, values } = entriesOf(
          (await denseImpl.run(r)) as number[],
          r.output.shape,
        );
        return {
          coordinates: coordinates.map((c) => c.map((x, d) => (d === 0 ? x + 1 : x))),
          values,
        };
      },
    };
    const twice: SparseImpl = {
      run: async (r) => {
        const { coordinates, values } = entriesOf(
          (await denseImpl.run(r)) as number[],
          r.output.shape,
        );
        return { coordinates: [...coordinates, ...coordinates], values: [...values, ...values] };
      },
    };
    const mutating: SparseImpl = {
      run: (r) => {
        const result = denseImpl.run(r);
        const first = Object.values(r.operands).find((o) => typeof o !== 'number');
        if (first !== undefined && typeof first !== 'number') (first.data as number[])[0] = 99;
        return result;
      },
    };
    const messages = async (impl: SparseImpl) =>
      (await sparseConformance(impl, { numRuns: 1 }).run()).results
        .filter((r) => r.status === 'failed')
        .map((r) => r.error?.message ?? '');
    expect((await messages(shifted)).some((m) => m.includes('is outside shape'))).toBe(true);
    expect((await messages(twice)).some((m) => m.includes('is stored twice'))).toBe(true);
    expect((await messages(mutating)).some((m) => m.includes('changed its operands'))).toBe(true);
  });
});

describe('referenceIndexNotation with extents', () => {
  it('X(i,j) *= c scales every entry of X when no operand sizes i and j', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: -4, max: 4 }),
        fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 25, maxLength: 25 }),
        (rows, cols, c, pool) => {
          const initial = pool.slice(0, rows * cols);
          const got = referenceIndexNotation(`X(i,j) *= ${c}`, {}, initial, {
            extents: { i: rows, j: cols },
          });
          // `*=` multiplies by non-zero values only: a zero factor leaves X as it is.
          expect(got).toEqual(initial.map((x) => (c === 0 ? x : x * c)));
        },
      ),
      { seed: DEFAULT_SEED },
    );
  });

  it('keeps the extents operands give over the option', () => {
    const A = { data: [1, 2, 3, 4, 5, 6], shape: [2, 3] };
    expect(
      referenceIndexNotation('y(i) = A(i,j)', { A }, [0, 0], { extents: { i: 9, j: 1 } }),
    ).toEqual([6, 15]);
  });
});
