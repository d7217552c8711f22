/**
 * Run tables per (dtype, dimensions, layout), built once from `@tilekit/layout`'s `offsetMap`
 * and kept in a bounded LRU so repeated relayouts reuse them.
 */
import { offsetMap, physicalElementCount } from '@tilekit/layout';
import { shapeText } from '../layout/shape-text.js';
import { LruCache, type LruStats } from '../util/lru.js';
import { type PhysicalRuns, physicalRunsOf, runBytes } from './physical-runs.js';

/** Cache bounds: a few dozen layouts, and at most 256 MiB of run tables. */
const cache = new LruCache<PhysicalRuns>({ maxEntries: 64, maxWeight: 256 * 2 ** 20 }, runBytes);

/**
 * The run table of `dims` under `layout` (canonical layout text), from the cache or built now.
 *
 * @throws LayoutSyntaxError, LayoutValidationError from `@tilekit/layout` for a bad layout.
 */
export function layoutRuns(dtype: string, dims: readonly number[], layout: string): PhysicalRuns {
  const shape = shapeText(dtype, dims, layout);
  return cache.getOrCompute(shape, () =>
    physicalRunsOf(offsetMap(shape), physicalElementCount(shape)),
  );
}

/** Hit/miss counters and size of the layout cache. */
export function layoutCacheStats(): LruStats {
  return cache.stats();
}

/** Empties the layout cache (and resets its counters). */
export function clearLayoutCache(): void {
  cache.clear();
}
