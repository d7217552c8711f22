/**
 * Arrays whose contents on entry are no input of the kernels they are passed to: a kernel
 * writes every element of such an array before it reads it (an output assembled by appending,
 * say). The wasm engine copies every array it writes into its linear memory before the call, so
 * that elements the kernel leaves alone come back unchanged; for these it skips that copy, which
 * for a large output costs as much as copying the result back out.
 */
import type { MemRefData } from '@tilekit/loop-ir';
import { arrayMark } from './array-marks.js';

const overwritten = arrayMark('markOverwritten');

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

/** Whether `data` was declared with {@link markOverwritten}. */
export function isMarkedOverwritten(data: MemRefData): boolean {
  return overwritten.has(data);
}
