/**
 * A memo of a pure function by a text its arguments are spelled as, for lookups every op call
 * repeats (an expression's canonical form, a compiled kernel). It is only a speed-up, so past a
 * bound it forgets the least recently used text rather than grow with an app that makes ever
 * new texts.
 */
import { LruMap } from '../sparsify/calling/lru-map.js';

/** Texts a memo remembers at once. */
const TEXT_MEMO_LIMIT = 1024;

/**
 * `compute`, remembered by `textOf` of its arguments (at most {@link TEXT_MEMO_LIMIT} texts at
 * once); arguments spelled alike must give equal results.
 */
export function memoizedByText<A extends unknown[], T>(
  textOf: (...args: A) => string,
  compute: (...args: A) => T,
): (...args: A) => T {
  const byText = new LruMap<string, T>(TEXT_MEMO_LIMIT);
  return (...args) => {
    const text = textOf(...args);
    if (byText.has(text)) return byText.get(text) as T;
    const value = compute(...args);
    byText.set(text, value);
    return value;
  };
}
