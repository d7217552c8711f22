/**
 * Every compiled wasm function runs in one shared linear memory: compiling thousands of kernels
 * makes one `WebAssembly.Memory` (a browser page runs out of address space after about a
 * hundred), and any interleaving of calls to different kernels over marked (resident) and
 * unmarked arrays computes what the interpreter computes, each kernel re-copying what another
 * kernel overwrote.
 */

import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';
import { arrayPool, markPool, mixKernel } from './support/resident-pool.js';

/** Runs `body` counting the `WebAssembly.Memory` objects made meanwhile. */
function countingMemories(body: () => void): number {
  const original = WebAssembly.Memory;
  let made = 0;
  WebAssembly.Memory = new Proxy(original, {
    construct(target, args) {
      made += 1;
      return Reflect.construct(target, args) as object;
    },
  });
  try {
    body();
  } finally {
    WebAssembly.Memory = original;
  }
  return made;
}

describe('the wasm engine shares one linear memory', () => {
  it('compiles and runs 2,000 distinct kernels without making a memory per kernel', () => {
    const a = Float64Array.from([1, 2, 3]);
    const b = Float64Array.from([10]);
    const made = countingMemories(() => {
      for (let k = 0; k < 2000; k++) {
        const run = compile(mixKernel(k), 'mix', { engine: 'wasm' });
        const x = new Float64Array(3);
        run(a, b, { data: x, shape: [3] });
        expect(Array.from(x)).toEqual([k + 10, 2 * k + 10, 3 * k + 10]);
      }
    });
    expect(made).toBeLessThanOrEqual(1);
  });

  it('gives the interpreter results for any interleaving of kernels over resident arrays', () => {
    const kernels = [0, 1, 2, 3].map((k) => ({
      wasm: compile(mixKernel(k + 0.5), 'mix', { engine: 'wasm' }),
      reference: compile(mixKernel(k + 0.5), 'mix', { engine: 'interpreter' }),
    }));
    const cases = arrayPool(
      (arrays) =>
        fc.record({
          kernel: fc.nat({ max: kernels.length - 1 }),
          a: fc.nat({ max: arrays - 1 }),
          b: fc.nat({ max: arrays - 1 }),
        }),
      16,
    );
    fc.assert(
      fc.property(cases, (drawn) => {
        const { arrays, calls } = drawn;
        markPool(drawn);
        for (const call of calls) {
          const { wasm, reference } = kernels[call.kernel] as (typeof kernels)[number];
          const a = arrays[call.a] as Float64Array;
          const b = arrays[call.b] as Float64Array;
          const got = new Float64Array(a.length);
          const want = new Float64Array(a.length);
          wasm(a, b, { data: got, shape: [a.length] });
          reference(a, b, { data: want, shape: [a.length] });
          expect(Array.from(got)).toEqual(Array.from(want));
        }
      }),
      { seed: 34, numRuns: 200 },
    );
  });
});
