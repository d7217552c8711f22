/** The bounded LRU behind the layout cache. */
import { describe, expect, it } from 'vitest';
import { LruCache } from '../src/util/lru.js';

describe('LruCache', () => {
  const make = () => new LruCache<number[]>({ maxEntries: 3, maxWeight: 10 }, (v) => v.length);

  it('computes on a miss, reuses on a hit', () => {
    const cache = make();
    let computed = 0;
    const compute = () => {
      computed++;
      return [1, 2];
    };
    const first = cache.getOrCompute('a', compute);
    expect(cache.getOrCompute('a', compute)).toBe(first);
    expect(computed).toBe(1);
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, entries: 1, weight: 2 });
  });

  it('evicts the least recently used entry past the entry bound', () => {
    const cache = make();
    for (const key of ['a', 'b', 'c']) cache.getOrCompute(key, () => [0]);
    cache.getOrCompute('a', () => [0]); // a is now the most recent
    cache.getOrCompute('d', () => [0]); // evicts b
    let recomputed = false;
    cache.getOrCompute('b', () => {
      recomputed = true;
      return [0];
    });
    expect(recomputed).toBe(true);
    expect(cache.stats().entries).toBe(3);
  });

  it('evicts by weight, and never keeps a value heavier than the bound', () => {
    const cache = make();
    cache.getOrCompute('a', () => new Array(6).fill(0));
    cache.getOrCompute('b', () => new Array(6).fill(0)); // 12 > 10: a goes
    expect(cache.stats()).toMatchObject({ entries: 1, weight: 6 });
    const huge = cache.getOrCompute('c', () => new Array(11).fill(0));
    expect(huge.length).toBe(11);
    expect(cache.stats()).toMatchObject({ entries: 1, weight: 6 });
  });

  it('clear drops entries and counters', () => {
    const cache = make();
    cache.getOrCompute('a', () => [0]);
    cache.clear();
    expect(cache.stats()).toEqual({ hits: 0, misses: 0, entries: 0, weight: 0 });
  });
});
