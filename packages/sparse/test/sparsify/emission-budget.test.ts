/**
 * The loop nest's size is bounded. Each loop emits one loop per lattice point and the next
 * loops inside every case, so the points of nested loops multiply: sparse operands combined by
 * `+`, `max` or `min` over several indices grew the emitted code exponentially (six rank-3
 * tensors under `+`: 1.2 M operations; at rank 5 the heap ran out). Every kernel now either
 * compiles within a bound on its operations or is a `SparsifyError` naming the expression,
 * raised before memory runs short.
 */
import { walkOperations } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FormatSpec, MAX_EMITTED_TERMS, SparsifyError, sparsify } from '../../src/index.js';

const SEED = 7;
const INDICES = ['i', 'j', 'k', 'l', 'm'];
/**
 * Most operations a kernel within the budget may hold: its terms times the most operations
 * measured per term (13.5, for sums of sparse tensors), with room to spare.
 */
const MAX_OPERATIONS = 16 * MAX_EMITTED_TERMS;

/** The kernel's operations, or the error it threw (any error but a SparsifyError fails). */
function emitted(expression: string, formats: Record<string, FormatSpec>): number | SparsifyError {
  try {
    const kernel = sparsify(expression, formats);
    let count = 0;
    walkOperations(kernel.module, () => {
      count++;
    });
    return count;
  } catch (error) {
    expect(error).toBeInstanceOf(SparsifyError);
    return error as SparsifyError;
  }
}

const isBudgetError = (outcome: number | SparsifyError): boolean =>
  outcome instanceof SparsifyError &&
  outcome.argument === 'expression' &&
  /more than \d+ lattice terms/.test(outcome.message);

describe('the emission budget', () => {
  it('bounds sums and extrema of sparse tensors of every rank and count (randomized)', () => {
    const format = fc.constantFrom('CSF', 'COO', 'dense-first');
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom('+', '-', 'max', 'min'),
        format,
        (rank, count, combine, kind) => {
          const idx = INDICES.slice(0, rank).join(',');
          const names = Array.from({ length: count }, (_, n) => `T${n}`);
          const terms = names.map((n) => `${n}(${idx})`);
          const expression =
            combine === '+' || combine === '-'
              ? `Y(${idx}) = ${terms.join(` ${combine} `)}`
              : `Y(${idx}) = ${terms.reduce((a, b) => `${combine}(${a}, ${b})`)}`;
          const levels: FormatSpec =
            kind === 'dense-first'
              ? ['dense', ...Array<'compressed'>(rank - 1).fill('compressed')]
              : rank === 1
                ? 'sparse-vector'
                : kind;
          const outcome = emitted(expression, Object.fromEntries(names.map((n) => [n, levels])));
          if (typeof outcome === 'number') {
            expect(outcome, expression).toBeLessThanOrEqual(MAX_OPERATIONS);
          } else {
            expect(isBudgetError(outcome), `${expression}: ${outcome.message}`).toBe(true);
          }
        },
      ),
      { seed: SEED, numRuns: 24 },
    );
  });

  it('keeps six sparse matrices under + and refuses them at rank 3', () => {
    const sum = (idx: string) =>
      `Y(${idx}) = ${['A', 'B', 'C', 'D', 'E', 'F'].map((n) => `${n}(${idx})`).join(' + ')}`;
    const formats: Record<string, FormatSpec> = Object.fromEntries(
      ['A', 'B', 'C', 'D', 'E', 'F'].map((n) => [n, 'CSF']),
    );
    expect(emitted(sum('i,j'), formats)).toBeGreaterThan(100_000);
    expect(isBudgetError(emitted(sum('i,j,k'), formats))).toBe(true);
  });

  it('bounds products of co-iterated factors, which multiply the lattices of three indices', () => {
    const formats: Record<string, FormatSpec> = {
      A: ['dense', 'compressed', 'compressed'],
      B: 'DCSR',
      D: 'COO',
      E: ['dense', 'compressed', 'compressed'],
    };
    let expression = 'Y(k,j) = min(A(j,k,i), select(B(i,l) == D(k,j), k, E(k,j,l)))';
    expect(emitted(expression, formats)).toBeLessThanOrEqual(MAX_OPERATIONS);
    for (let factor = 0; factor < 3; factor++) {
      expression += ` * ((P${factor}(l,j) * Q${factor}(j)) + Q${factor}(j))`;
      formats[`P${factor}`] = 'COO';
      expect(isBudgetError(emitted(expression, formats)), expression).toBe(true);
    }
  });
});
