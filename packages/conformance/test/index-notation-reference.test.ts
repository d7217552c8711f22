/**
 * The dense index-notation reference against values worked out by hand from TACO's semantics
 * (reduction placement from TACO's `makeReductionNotation`, src/index_notation/index_notation.cpp).
 */
import { describe, expect, it } from 'vitest';
import { referenceIndexNotation as reference } from '../src/testing.js';

const A = { data: [1, 2, 3, 4], shape: [2, 2] };
const x = { data: [10, 100], shape: [2] };
const b = { data: [5, 6], shape: [2] };

describe('referenceIndexNotation', () => {
  it('sums a reduced index over the smallest subexpression holding its uses', () => {
    // A x = [210, 430]
    expect(reference('r(i) = b(i) - A(i,k)*x(k)', { A, x, b }, [0, 0])).toEqual([-205, -424]);
    expect(reference('a(i) = 2*(A(i,k)*x(k)) + 3', { A, x }, [0, 0])).toEqual([423, 863]);
    expect(reference('y(i) = A(i,j)*A(j,k)*x(k)', { A, x }, [0, 0])).toEqual([1070, 2350]);
    expect(reference('y(i) = exp(A(i,j) - A(i,j))', { A }, [0, 0])).toEqual([1, 1]);
  });

  it('sums explicitly with sum(k, e), the whole expression included', () => {
    expect(reference('a(i) = sum(k, b(i) - A(i,k)*x(k))', { A, x, b }, [0, 0])).toEqual([
      -200, -418,
    ]);
  });

  it('reads a bare index variable as its value, other bare names as scalars', () => {
    expect(reference('y(i,j) = A(i,j) * (i*3 + j) + s', { A, s: 0.5 }, [0, 0, 0, 0])).toEqual([
      0.5, 2.5, 9.5, 16.5,
    ]);
  });

  it('selects on every comparison; a sum that would wrap a comparison wraps its select', () => {
    // A = [[1, 2], [3, 4]], b = [5, 6]
    const pick = (cmp: string) =>
      reference(`Y(i,j) = select(A(i,j) ${cmp} 2, b(i), -1)`, { A, b }, [0, 0, 0, 0]);
    expect(pick('<')).toEqual([5, -1, -1, -1]);
    expect(pick('<=')).toEqual([5, 5, -1, -1]);
    expect(pick('>')).toEqual([-1, -1, 6, 6]);
    expect(pick('>=')).toEqual([-1, 5, 6, 6]);
    expect(pick('==')).toEqual([-1, 5, -1, -1]);
    expect(pick('!=')).toEqual([5, -1, 6, 6]);
    // A NaN side makes every comparison false except != (MLIR's ordered predicates and une).
    const c = { data: [Number.NaN, 6], shape: [2] };
    expect(reference('y(i) = select(b(i) != c(i), 1, 0)', { b, c }, [0, 0])).toEqual([1, 0]);
    expect(reference('y(i) = select(b(i) >= c(i), 1, 0)', { b, c }, [0, 0])).toEqual([0, 1]);
    // k's uses in one side of the comparison: summed there, as TACO places it (3 and 7 > 1.5).
    expect(reference('y(i) = select(A(i,k) > 1.5, 1, 0)', { A }, [0, 0])).toEqual([1, 1]);
    // k's uses on both sides: the sum wraps the select, counting the k where A(i,k) > t(k).
    const t = { data: [1.5, 3], shape: [2] };
    expect(reference('y(i) = select(A(i,k) > t(k), 1, 0)', { A, t }, [0, 0])).toEqual([0, 2]);
  });

  it('applies +=, *= (stored entries only), functions and integer rounding', () => {
    expect(reference('y(i) += A(i,j)', { A }, [1, 1])).toEqual([4, 8]);
    expect(reference('s *= A(i,j) - 1', { A }, [2])).toEqual([12]);
    // j's only use is A(i,j), so the sum is A's row sum: max(3 - 2, 0) + min(5, 1), max(7 - 2, 0) + min(6, 2).
    expect(
      reference('y(i) = max(A(i,j) - 2, 0) + min(abs(-b(i)), sqrt(A(i,i)))', { A, b }, [0, 0]),
    ).toEqual([2, 7]);
    expect(
      reference('y(i) = A(i,j) / 2', { A }, [0, 0], { round: (v) => v | 0, integer: true }),
    ).toEqual([1, 3]);
  });
});
