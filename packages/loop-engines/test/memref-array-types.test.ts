/**
 * Which typed array a memref of each element type takes, on every engine: the interpreter,
 * js and wasm take and refuse the same ones, and give the same bytes for those they take. A
 * kernel copies each element of `a` through one arithmetic step into `o`; every pairing of an
 * element type (f32, f64, i8 to i64, index) with every typed-array constructor, over seeded
 * values (fractions that f32 rounds, negatives, values past 2^31). The js engine used to read
 * an f32 memref over a `Float64Array` without rounding it, where wasm rounded it on the copy
 * in, so the two disagreed in the last bits; an f32 memref now takes a `Float32Array` only.
 * (f16 and bf16 are the interpreter's alone: the compiled engines say they do not support them.)
 */
import { isTilekitError } from '@tilekit/errors';
import { parseModule } from '@tilekit/loop-ir';
import { thrownBy } from '@tilekit/test-support/thrown-by';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../src/index.js';

const ELEMENTS = ['f32', 'f64', 'i8', 'i16', 'i32', 'i64', 'index'] as const;
type Element = (typeof ELEMENTS)[number];

const ARRAYS = [
  Float32Array,
  Float64Array,
  Int8Array,
  Uint8Array,
  Int16Array,
  Uint16Array,
  Int32Array,
  Uint32Array,
  BigInt64Array,
  BigUint64Array,
] as const;

/** `o[i] = a[i] * a[i]` (floats) or `a[i] + a[i]` (integers). */
function kernelOf(element: Element): string {
  const t = `memref<?x${element}>`;
  const step = element.startsWith('f') ? 'arith.mulf' : 'arith.addi';
  return `func.func @step(%a: ${t}, %o: ${t}) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = memref.dim %a, %c0 : ${t}
  scf.for %i = %c0 to %n step %c1 {
    %x = memref.load %a[%i] : ${t}
    %y = ${step} %x, %x : ${element}
    memref.store %y, %o[%i] : ${t}
  }
  return
}`;
}

/** A typed array of `type` holding `values` (as bigints where it holds bigints). */
function arrayOf(type: (typeof ARRAYS)[number], values: readonly number[]) {
  if (type === BigInt64Array || type === BigUint64Array)
    return (type as BigInt64ArrayConstructor).from(values, (v: number) =>
      BigInt(Math.trunc(Math.abs(v))),
    );
  return (type as Float64ArrayConstructor).from(values);
}

describe('the typed arrays a memref takes', () => {
  it('are the same on every engine, and so are the bytes they come back with (seeded)', () => {
    const engines = ELEMENTS.map((element) => {
      const module = parseModule(kernelOf(element));
      return (['interpreter', 'js', 'wasm'] as const).map((engine) =>
        compile(module, 'step', { engine }),
      );
    });
    const taken = new Set<string>();
    fc.assert(
      fc.property(
        fc.nat(ELEMENTS.length - 1),
        fc.nat(ARRAYS.length - 1),
        fc.array(
          fc.oneof(
            fc.integer({ min: -3000, max: 3000 }).map((v) => v / 7),
            fc.integer({ min: 0, max: 2 ** 32 - 1 }),
            fc.constantFrom(0.1, 1 / 3, 1e-46, 3.4e39),
          ),
          { maxLength: 9 },
        ),
        (e, t, values) => {
          const element = ELEMENTS[e] as Element;
          const type = ARRAYS[t] as (typeof ARRAYS)[number];
          const label = `${element} over ${type.name} ${JSON.stringify(values)}`;
          const results = (engines[e] ?? []).map((call) => {
            const a = arrayOf(type, values);
            const o = arrayOf(
              type,
              values.map(() => 0),
            );
            const error = thrownBy(() => call(a as never, o as never));
            return error === undefined
              ? {
                  bytes: Array.from(new Uint8Array(o.buffer)),
                  input: Array.from(new Uint8Array(a.buffer)),
                }
              : { error };
          });
          for (const r of results) {
            if ('error' in r)
              expect(isTilekitError(r.error), `${label}: ${String(r.error)}`).toBe(true);
          }
          const accepted = results.map((r) => !('error' in r));
          expect(
            accepted,
            `${label}: ${results.map((r) => ('error' in r ? String(r.error) : 'ran')).join(' | ')}`,
          ).toEqual(accepted.map(() => accepted[0]));
          if (accepted[0]) {
            taken.add(`${element} ${type.name}`);
            for (const r of results.slice(1)) expect(r, label).toEqual(results[0]);
          }
        },
      ),
      { seed: 2613, numRuns: 1500 },
    );
    // Every element type ran over at least the array of its own layout.
    for (const [element, own] of [
      ['f32', 'Float32Array'],
      ['f64', 'Float64Array'],
      ['i8', 'Int8Array'],
      ['i16', 'Int16Array'],
      ['i32', 'Int32Array'],
      ['i64', 'BigInt64Array'],
      ['index', 'BigInt64Array'],
    ])
      expect(taken.has(`${element} ${own}`), `${element} ${own}`).toBe(true);
    expect(taken.has('f32 Float64Array')).toBe(false);
  });
});
