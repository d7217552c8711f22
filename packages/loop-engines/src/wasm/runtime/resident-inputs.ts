/**
 * Arrays a caller promises never to write again, so the wasm engine may keep its copy of one
 * in linear memory from one call to the next instead of copying it in every time (a sparse
 * tensor's storage: instances are immutable). The engine re-copies whenever the array, its
 * length or its place in memory changes, and never keeps an argument the kernel writes.
 */
import type { MemRefData } from '@tilekit/loop-ir';
import { arrayMark } from './array-marks.js';

const immutable = arrayMark('markImmutable');

/**
 * Declares that the contents of `arrays` will not change from now on: a compiled wasm
 * function called with the same array in the same argument again may reuse the copy it made
 * in its memory. Writing such an array afterwards makes later wasm calls read stale values.
 */
export function markImmutable(...arrays: readonly MemRefData[]): void {
  immutable.mark(arrays);
}

/** Whether `data` was declared with {@link markImmutable}. */
export function isMarkedImmutable(data: MemRefData): boolean {
  return immutable.has(data);
}

/** Per memref argument of one compiled function: what its memory region held after the last call. */
export interface ResidentArguments {
  /** Whether argument `i`'s region at `at` still holds `data` (an immutable array copied there). */
  holds(i: number, data: MemRefData, at: number): boolean;
  /** Forgets every region (the memory was used by something else since). */
  clear(): void;
  /** Forgets what argument `i`'s region held (its data was read elsewhere this call). */
  forget(i: number): void;
  /** Records that argument `i`'s region at `at` now holds `data` (kept only if immutable). */
  record(i: number, data: MemRefData, at: number): void;
}

/**
 * A fresh {@link ResidentArguments}, holding nothing (a closure, not class fields, which
 * bundlers targeting older browsers rewrite into larger helper calls). Arrays are held weakly:
 * a kept copy must not keep the caller's array alive (a compiled function may live as long as
 * the page, and would hold the last operands it read).
 */
export function residentArguments(): ResidentArguments {
  const held = new Map<number, { data: WeakRef<MemRefData>; at: number; bytes: number }>();
  return {
    holds(i, data, at) {
      const h = held.get(i);
      return (
        h !== undefined && h.data.deref() === data && h.at === at && h.bytes === data.byteLength
      );
    },
    clear: () => held.clear(),
    forget: (i) => {
      held.delete(i);
    },
    record(i, data, at) {
      if (isMarkedImmutable(data))
        held.set(i, { data: new WeakRef(data), at, bytes: data.byteLength });
      else held.delete(i);
    },
  };
}
