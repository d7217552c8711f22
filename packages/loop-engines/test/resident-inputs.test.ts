/**
 * Arrays declared with `markImmutable` stay in the wasm engine's memory between calls: every
 * sequence of calls mixing marked and unmarked arrays of varying lengths, in varying argument
 * slots, computes what the interpreter computes.
 */

import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, markImmutable } from '../src/index.js';
import { arrayPool, markPool, mixKernel } from './support/resident-pool.js';

/** Calls picking `a` and `b` from the pool, `b` sometimes as a fresh (never marked) copy. */
const pool = arrayPool(
  (arrays) =>
    fc.record({
      a: fc.nat({ max: arrays - 1 }),
      b: fc.nat({ max: arrays - 1 }),
      fresh: fc.boolean(),
    }),
  12,
);

describe('markImmutable', () => {
  it('gives the interpreter results for any sequence of calls over marked and unmarked arrays', () => {
    fc.assert(
      fc.property(pool, (drawn) => {
        const { arrays, calls } = drawn;
        markPool(drawn);
        const wasm = compile(mixKernel(3), 'mix', { engine: 'wasm' });
        const reference = compile(mixKernel(3), 'mix', { engine: 'interpreter' });
        for (const call of calls) {
          const a = arrays[call.a] as Float64Array;
          // A fresh copy of b (never marked) in some calls, the pooled array in others.
          const b = call.fresh
            ? (arrays[call.b] as Float64Array).slice()
            : (arrays[call.b] as Float64Array);
          const x = new Float64Array(a.length);
          const expected = new Float64Array(a.length);
          wasm(a, b, x);
          reference(a, b, expected);
          expect(Array.from(x)).toEqual(Array.from(expected));
        }
      }),
      { seed: 20261126, numRuns: 200 },
    );
  });

  it('rejects anything but typed arrays, naming what it got', () => {
    expect(() => markImmutable([1, 2] as unknown as Float64Array)).toThrow(
      /markImmutable arrays\[0\]: expected a typed array, got/,
    );
  });
});
