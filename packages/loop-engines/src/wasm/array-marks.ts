/**
 * A promise a caller makes about particular typed arrays (held weakly, so marking never keeps an
 * array alive), as the wasm engine's `markImmutable` and `markOverwritten` take them.
 */
import type { MemRefData } from '@tilekit/loop-ir';

/** Marking and testing of one kind of promise; `setter` names the public function in errors. */
export interface ArrayMark {
  /** Marks `arrays` (typed arrays only: anything else is a `TypeError` naming the setter). */
  mark(arrays: readonly MemRefData[]): void;
  /** Whether `data` was marked. */
  has(data: MemRefData): boolean;
}

/** A fresh {@link ArrayMark} whose errors name `setter`. */
export function arrayMark(setter: string): ArrayMark {
  const marked = new WeakSet<MemRefData>();
  return {
    mark(arrays) {
      for (const a of arrays) {
        if (!ArrayBuffer.isView(a)) {
          throw new TypeError(
            `${setter}: expected typed arrays, got ${Object.prototype.toString.call(a)}`,
          );
        }
        marked.add(a);
      }
    },
    has: (data) => marked.has(data),
  };
}
