/**
 * A map that holds at most `limit` entries, dropping the least recently used one to make room:
 * the caches of compiled kernels, bounded so that an app making ever new kernels keeps
 * bounded memory while the kernels it keeps using stay cached.
 */
export class LruMap<K, V> {
  // A Map iterates in insertion order; re-inserting an entry on use keeps the least recently
  // used one first.
  private readonly entries = new Map<K, V>();

  /** @param limit the most entries held at once (a positive integer) */
  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`an LruMap limit must be a positive integer, got ${limit}`);
  }

  /** Entries held now. */
  get size(): number {
    return this.entries.size;
  }

  /** The value under `key` (now the most recently used), or `undefined`. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** Whether `key` is held (does not count as a use). */
  has(key: K): boolean {
    return this.entries.has(key);
  }

  /** Stores `value` under `key` as the most recently used, dropping the least recently used past the limit. */
  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.limit) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    return this;
  }

  /** Drops every entry. */
  clear(): void {
    this.entries.clear();
  }
}
