/**
 * The kernel and the random pools of arrays the resident-input tests share: float64 arrays of
 * varying lengths, some marked immutable (kept resident in the wasm engine's memory), and calls
 * over them in varying argument slots.
 */
import { parseModule } from '@tilekit/loop-ir';
import * as fc from 'fast-check';
import { markImmutable } from '../../src/index.js';

/**
 * x[i] = a[i] * k + b[i % nb] over `type` elements: two read-only inputs whose lengths shift
 * each other's address; each `k` (an integer for i32) makes a distinct module, which imports no
 * host function.
 */
export const mixKernel = (k: number, type: 'f32' | 'f64' | 'i32' = 'f64') => {
  const float = type !== 'i32';
  return parseModule(`
func.func @mix(%a: memref<?x${type}>, %b: memref<?x${type}>, %x: memref<?x${type}>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %k = arith.constant ${float ? k.toFixed(1) : k} : ${type}
  %n = memref.dim %x, %c0 : memref<?x${type}>
  %nb = memref.dim %b, %c0 : memref<?x${type}>
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<?x${type}>
    %r = arith.remui %i, %nb : index
    %w = memref.load %b[%r] : memref<?x${type}>
    %m = arith.${float ? 'mulf' : 'muli'} %v, %k : ${type}
    %s = arith.${float ? 'addf' : 'addi'} %m, %w : ${type}
    memref.store %s, %x[%i] : memref<?x${type}>
  }
  return
}`);
};

/** A pool of arrays, which of them to mark immutable, and the calls to make over them. */
export interface ArrayPool<C> {
  readonly arrays: Float64Array[];
  readonly marked: boolean[];
  readonly calls: C[];
}

const finiteArray = (n: number) =>
  fc.float64Array({ minLength: n, maxLength: n, noNaN: true, noDefaultInfinity: true });

/**
 * Pools of 2..5 finite arrays of 1..40 elements with 1..`maxCalls` calls, each drawn by
 * `call(arrays)` (`arrays`: how many the pool holds, for the call's array picks).
 */
export function arrayPool<C>(
  call: (arrays: number) => fc.Arbitrary<C>,
  maxCalls: number,
): fc.Arbitrary<ArrayPool<C>> {
  return fc
    .array(fc.integer({ min: 1, max: 40 }), { minLength: 2, maxLength: 5 })
    .chain((lengths) => fc.tuple(...lengths.map(finiteArray)))
    .chain((arrays) =>
      fc.record({
        arrays: fc.constant(arrays),
        marked: fc.array(fc.boolean(), { minLength: arrays.length, maxLength: arrays.length }),
        calls: fc.array(call(arrays.length), { minLength: 1, maxLength: maxCalls }),
      }),
    );
}

/** Marks the pool's marked arrays immutable. */
export function markPool(pool: ArrayPool<unknown>): void {
  pool.arrays.forEach((a, k) => {
    if (pool.marked[k]) markImmutable(a);
  });
}
