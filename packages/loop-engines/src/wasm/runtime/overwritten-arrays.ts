/**
 * Arrays whose contents on entry are no input of the kernels they are passed to: a kernel
 * writes every element of such an array before it reads it (an output assembled by appending,
 * say). The wasm engine copies every array it writes into its linear memory before the call, so
 * that elements the kernel leaves alone come back unchanged; for these it skips that copy, which
 * for a large output costs as much as copying the result back out.
 */
import { describeValue } from '@tilekit/errors';
import type { MemRefData } from '@tilekit/loop-ir';
import { expectArrayOf, expectTypedArray } from '../../argument-checks.js';
import { EngineArgumentError } from '../../errors.js';
import { arrayMark } from './array-marks.js';

const overwritten = arrayMark('markOverwritten');
/** Arrays declared overwritten only while one call runs (see {@link whileOverwritten}). */
const scoped = arrayMark('whileOverwritten');

/**
 * Declares that kernels called with `arrays` write each element they read before reading it, so
 * the wasm engine need not copy their contents in. After a wasm call, the elements the kernel
 * did not write hold whatever its memory held (the interpreter and the js engine leave them
 * unchanged): read only what the kernel wrote. Declaring an array whose old contents a kernel
 * does read makes its wasm results differ from the other engines'.
 */
export function markOverwritten(...arrays: readonly MemRefData[]): void {
  overwritten.mark(arrays);
}

/**
 * Runs `run` with `arrays` declared as {@link markOverwritten} declares them, for that run only:
 * afterwards they are copied in again as any array is (unless marked for good). For a fresh
 * output the caller hands on, whose next kernel may read it (as a `+=` output), where a lasting
 * mark would make that kernel read stale memory. Returns what `run` returns.
 */
export function whileOverwritten<T>(arrays: readonly MemRefData[], run: () => T): T {
  expectArrayOf(arrays, 'whileOverwritten arrays', expectTypedArray);
  if (typeof run !== 'function')
    throw new EngineArgumentError('run', `expected a function, got ${describeValue(run)}`);
  // Only the arrays this call marks are unmarked after it (a nested call leaves the outer's).
  const fresh = arrays.filter((a, k) => !scoped.has(a) && arrays.indexOf(a) === k);
  scoped.mark(fresh);
  try {
    return run();
  } finally {
    scoped.unmark(fresh);
  }
}

/** Whether `data` was declared with {@link markOverwritten} (or is, within {@link whileOverwritten}). */
export function isMarkedOverwritten(data: MemRefData): boolean {
  return overwritten.has(data) || scoped.has(data);
}
