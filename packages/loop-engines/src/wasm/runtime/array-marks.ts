/**
 * A promise a caller makes about particular typed arrays (held weakly, so marking never keeps an
 * array alive), as the wasm engine's `markImmutable` and `markOverwritten` take them.
 */
import type { MemRefData } from '@tilekit/loop-ir';
import { expectArrayOf, expectTypedArray } from '../../argument-checks.js';

/** Marking and testing of one kind of promise; `setter` names the public function in errors. */
export interface ArrayMark {
  /** Marks `arrays` (typed arrays only: anything else is an `EngineArgumentError`). */
  mark(arrays: readonly MemRefData[]): void;
  /** Whether `data` was marked. */
  has(data: MemRefData): boolean;
  /** Removes the marks of `arrays` (each one that was marked). */
  unmark(arrays: readonly MemRefData[]): void;
}

/** A fresh {@link ArrayMark} whose errors name `setter`. */
export function arrayMark(setter: string): ArrayMark {
  const marked = new WeakSet<MemRefData>();
  return {
    mark(arrays) {
      // Every array is checked before any is marked, so a rejected call marks nothing.
      expectArrayOf(arrays, `${setter} arrays`, expectTypedArray);
      for (const a of arrays) marked.add(a);
    },
    has: (data) => marked.has(data),
    unmark(arrays) {
      for (const a of arrays) marked.delete(a);
    },
  };
}
