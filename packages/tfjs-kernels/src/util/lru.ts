/** A small bounded least-recently-used cache, limited by entry count and by total weight. */

/** Bounds of an `LruCache`. */
export interface LruLimits {
  /** Most entries kept. */
  readonly maxEntries: number;
  /** Most total weight kept (e.g. bytes); an entry heavier than this is not kept at all. */
  readonly maxWeight: number;
}

/** Hit/miss counters, for tests and diagnostics. */
export interface LruStats {
  readonly hits: number;
  readonly misses: number;
  readonly entries: number;
  readonly weight: number;
}

/** LRU cache over a `Map` (whose insertion order doubles as the recency order). */
export class LruCache<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>();
  private totalWeight = 0;
  private hits = 0;
  private misses = 0;

  /**
   * @param limits Entry-count and weight bounds.
   * @param weigh Weight of a value (e.g. its bytes).
   */
  constructor(
    private readonly limits: LruLimits,
    private readonly weigh: (value: V) => number,
  ) {}

  /** The cached value for `key`, computing and caching it with `compute` on a miss. */
  getOrCompute(key: string, compute: () => V): V {
    const found = this.entries.get(key);
    if (found !== undefined) {
      this.hits++;
      // Re-insert to mark as most recently used.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value;
    }
    this.misses++;
    const value = compute();
    const weight = this.weigh(value);
    if (weight <= this.limits.maxWeight) {
      this.entries.set(key, { value, weight });
      this.totalWeight += weight;
      this.evict();
    }
    return value;
  }

  /** Current counters. */
  stats(): LruStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.entries.size,
      weight: this.totalWeight,
    };
  }

  /** Drops every entry and resets the counters. */
  clear(): void {
    this.entries.clear();
    this.totalWeight = 0;
    this.hits = 0;
    this.misses = 0;
  }

  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (
        this.entries.size <= this.limits.maxEntries &&
        this.totalWeight <= this.limits.maxWeight
      ) {
        return;
      }
      this.entries.delete(key);
      this.totalWeight -= entry.weight;
    }
  }
}
