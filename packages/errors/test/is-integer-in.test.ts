/** `isIntegerIn` against a plain definition, over random values of every kind and random ranges. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isIntegerIn } from '../src/index.js';

/** The definition, written out: a number with no fractional part, not below min, not above max. */
function reference(value: unknown, min: number, max: number): boolean {
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return Math.floor(value) === value && min <= value && value <= max;
}

describe('isIntegerIn', () => {
  it('agrees with the plain definition for random values and ranges', () => {
    const edge = fc.constantFrom(
      0,
      -0,
      1,
      -1,
      2 ** 31 - 1,
      2 ** 53,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      0.5,
    );
    const value = fc.oneof(
      fc.integer({ min: -1000, max: 1000 }),
      fc.double(),
      edge,
      fc.string(),
      fc.bigInt({ min: -10n, max: 10n }),
      fc.constantFrom(null, undefined, true, [3], { valueOf: () => 3 }),
    );
    const bound = fc.oneof(fc.integer({ min: -1000, max: 1000 }), edge);
    fc.assert(
      fc.property(value, bound, bound, (v, min, max) => {
        expect(isIntegerIn(v, min, max)).toBe(reference(v, min, max));
      }),
      { numRuns: 2000, seed: 38 },
    );
  });

  it('includes both ends and refuses their neighbours', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e6, max: 1e6 }), fc.nat(1000), (min, span) => {
        const max = min + span;
        expect([min - 1, min, max, max + 1].map((v) => isIntegerIn(v, min, max))).toEqual([
          false,
          true,
          true,
          false,
        ]);
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
