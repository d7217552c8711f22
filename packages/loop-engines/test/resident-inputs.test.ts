/**
 * Arrays declared with `markImmutable` stay in the wasm engine's memory between calls: every
 * sequence of calls mixing marked and unmarked arrays of varying lengths, in varying argument
 * slots, computes what the interpreter computes.
 */

import { parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, markImmutable } from '../src/index.js';

/** x[i] = a[i] * 3 + b[i % nb]: two read-only inputs whose lengths shift each other's address. */
const MIX = parseModule(`
func.func @mix(%a: memref<?xf64>, %b: memref<?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %three = arith.constant 3.0 : f64
  %n = memref.dim %x, %c0 : memref<?xf64>
  %nb = memref.dim %b, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf64>
    %k = arith.remui %i, %nb : index
    %w = memref.load %b[%k] : memref<?xf64>
    %m = arith.mulf %v, %three : f64
    %s = arith.addf %m, %w : f64
    memref.store %s, %x[%i] : memref<?xf64>
  }
  return
}`);

const array = (n: number) =>
  fc.float64Array({ minLength: n, maxLength: n, noNaN: true, noDefaultInfinity: true });

const pool = fc
  .array(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 5 })
  .chain((lengths) => fc.tuple(...lengths.map(array)))
  .chain((arrays) =>
    fc.record({
      arrays: fc.constant(arrays),
      marked: fc.array(fc.boolean(), { minLength: arrays.length, maxLength: arrays.length }),
      calls: fc.array(
        fc.record({
          a: fc.nat({ max: arrays.length - 1 }),
          b: fc.nat({ max: arrays.length - 1 }),
          fresh: fc.boolean(),
        }),
        { minLength: 1, maxLength: 12 },
      ),
    }),
  );

describe('markImmutable', () => {
  it('gives the interpreter results for any sequence of calls over marked and unmarked arrays', () => {
    fc.assert(
      fc.property(pool, ({ arrays, marked, calls }) => {
        arrays.forEach((a, k) => {
          if (marked[k]) markImmutable(a);
        });
        const wasm = compile(MIX, 'mix', { engine: 'wasm' });
        const reference = compile(MIX, 'mix', { engine: 'interpreter' });
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
