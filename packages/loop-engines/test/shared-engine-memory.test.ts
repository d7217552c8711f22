/**
 * Every compiled wasm function runs in one shared linear memory: compiling thousands of kernels
 * makes one `WebAssembly.Memory` (a browser page runs out of address space after about a
 * hundred), and any interleaving of calls to different kernels over marked (resident) and
 * unmarked arrays computes what the interpreter computes, each kernel re-copying what another
 * kernel overwrote.
 */

import { parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile, markImmutable } from '../src/index.js';

/** x[i] = a[i] * k + b[i % nb], with `k` fixed per kernel, so each is a distinct module. */
const kernel = (k: number) =>
  parseModule(`
func.func @mix(%a: memref<?xf64>, %b: memref<?xf64>, %x: memref<?xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant ${k.toFixed(1)} : f64
  %n = memref.dim %x, %c0 : memref<?xf64>
  %nb = memref.dim %b, %c0 : memref<?xf64>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?xf64>
    %r = arith.remui %i, %nb : index
    %w = memref.load %b[%r] : memref<?xf64>
    %m = arith.mulf %v, %k : f64
    %s = arith.addf %m, %w : f64
    memref.store %s, %x[%i] : memref<?xf64>
  }
  return
}`);

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
        const run = compile(kernel(k), 'mix', { engine: 'wasm' });
        const x = new Float64Array(3);
        run(a, b, { data: x, shape: [3] });
        expect(Array.from(x)).toEqual([k + 10, 2 * k + 10, 3 * k + 10]);
      }
    });
    expect(made).toBeLessThanOrEqual(1);
  });

  it('gives the interpreter results for any interleaving of kernels over resident arrays', () => {
    const kernels = [0, 1, 2, 3].map((k) => ({
      wasm: compile(kernel(k + 0.5), 'mix', { engine: 'wasm' }),
      reference: compile(kernel(k + 0.5), 'mix', { engine: 'interpreter' }),
    }));
    const array = (n: number) =>
      fc.float64Array({ minLength: n, maxLength: n, noNaN: true, noDefaultInfinity: true });
    const cases = fc
      .array(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 5 })
      .chain((lengths) => fc.tuple(...lengths.map(array)))
      .chain((arrays) =>
        fc.record({
          arrays: fc.constant(arrays),
          marked: fc.array(fc.boolean(), { minLength: arrays.length, maxLength: arrays.length }),
          calls: fc.array(
            fc.record({
              kernel: fc.nat({ max: kernels.length - 1 }),
              a: fc.nat({ max: arrays.length - 1 }),
              b: fc.nat({ max: arrays.length - 1 }),
            }),
            { minLength: 1, maxLength: 16 },
          ),
        }),
      );
    fc.assert(
      fc.property(cases, ({ arrays, marked, calls }) => {
        arrays.forEach((a, k) => {
          if (marked[k]) markImmutable(a);
        });
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
