/**
 * Arrays declared with `markImmutable` stay in the wasm engine's memory between calls: every
 * sequence of calls mixing marked and unmarked arrays of varying lengths, in varying argument
 * slots, computes what the interpreter computes.
 */

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
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

/** A full collection (V8's `gc`, reached through a flag set at run time), after pending tasks. */
function collector(): () => Promise<void> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  };
}

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

  it('reuses the kept copy for the same array only', () => {
    // Writing an immutable array breaks its promise; done here on purpose, it shows which
    // calls read the kept copy (the old values) and which copied the array again.
    const run = compile(mixKernel(1), 'mix', { engine: 'wasm' });
    const buffer = new Float64Array([1, 2, 3, 4, 5]).buffer;
    const b = new Float64Array([0]);
    const first = new Float64Array(buffer, 8, 3);
    markImmutable(first);
    const again = (array: Float64Array) => {
      const out = new Float64Array(array.length);
      run(array, b, out);
      return Array.from(out);
    };
    expect(again(first)).toEqual([2, 3, 4]);
    new Float64Array(buffer).set([10, 20, 30, 40, 50]);
    expect(again(first), 'the same array').toEqual([2, 3, 4]);
    const sameBytes = new Float64Array(buffer, 8, 3);
    markImmutable(sameBytes);
    expect(again(sameBytes), 'another immutable view of its bytes').toEqual([20, 30, 40]);
  });

  it('keeps no array alive: a call keeps a copy in its memory, not the array it was handed', async () => {
    const run = compile(mixKernel(2), 'mix', { engine: 'wasm' });
    const collect = collector();
    const gone = (() => {
      const a = new Float64Array(1000).fill(1);
      const b = new Float64Array(1000).fill(2);
      markImmutable(a, b);
      run(a, b, new Float64Array(1000));
      return [new WeakRef(a.buffer), new WeakRef(b.buffer)];
    })();
    await collect();
    expect(gone.map((ref) => ref.deref() === undefined)).toEqual([true, true]);
  });

  it('rejects anything but typed arrays, naming what it got', () => {
    expect(() => markImmutable([1, 2] as unknown as Float64Array)).toThrow(
      /markImmutable arrays\[0\]: expected a typed array, got/,
    );
  });
});
