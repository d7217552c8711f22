/**
 * `indexExtentsOfShapes` remembers the extents of shapes that passed its checks (the GPU
 * kernels ask two or three times a call): every answer must equal a fresh kernel's, a caller's
 * change to a returned map must not reach later answers, and shapes that fail throw the same
 * error on every call, before and after passing shapes were remembered.
 */
import { thrownBy } from '@tilekit/test-support/thrown-by';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sparsify } from '../../src/index.js';
import { indexExtentsOfShapes } from '../../src/sparsify/index.js';

const CSR = { levels: ['dense', 'compressed'] } as const;
const spmm = () => sparsify('C(i,k) = A(i,j) * B(j,k)', { A: CSR });

describe('indexExtentsOfShapes remembers passing shapes', () => {
  it('answers as a fresh kernel does, call after call', () => {
    const kernel = spmm();
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.nat(70), fc.nat(70), fc.nat(70), fc.nat(70)), {
          minLength: 1,
          maxLength: 90,
        }),
        (calls) => {
          for (const [i, j, j2, k] of calls) {
            const shapes = { A: [i, j], B: [j2, k] };
            const fresh = () => indexExtentsOfShapes(spmm(), shapes);
            const again = () => indexExtentsOfShapes(kernel, shapes);
            if (j !== j2) {
              const error = thrownBy(again) as Error;
              expect(error.message).toBe((thrownBy(fresh) as Error).message);
              expect((thrownBy(again) as Error).message).toBe(error.message);
              continue;
            }
            const first = again();
            expect([...first]).toEqual([...fresh()]);
            first.set('i', -1);
            first.clear();
            expect([...again()]).toEqual([...fresh()]);
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses shapes that are not lists of sizes, however they print', () => {
    const kernel = spmm();
    expect([...indexExtentsOfShapes(kernel, { A: [3, 4], B: [4, 5] })].length).toBeGreaterThan(0);
    for (const A of ['3,4', [3, '4'], [3, 4.5], [3, -4]]) {
      expect(
        (thrownBy(() => indexExtentsOfShapes(kernel, { A, B: [4, 5] } as never)) as Error).name,
      ).toBe('SparsifyError');
    }
  });
});
