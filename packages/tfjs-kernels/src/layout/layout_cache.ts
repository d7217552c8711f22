/**
 * Run tables per (dtype, dimensions, layout), built once from `@tilekit/layout`'s `offsetMap`
 * and kept in a bounded LRU so repeated relayouts reuse them.
 */
import { offsetMap, physicalElementCount } from '@tilekit/layout';
import { LruCache, type LruStats } from './lru.js';
import { type PhysicalRuns, physicalRunsOf, runBytes } from './physical_runs.js';

/** XLA element type used to spell the shape of a tensor of each supported dtype. */
export const PRIMITIVE_OF_DTYPE: Readonly<Record<string, string>> = {
  float32: 'f32',
  int32: 's32',
  bool: 'pred',
};

/** Cache bounds: a few dozen layouts, and at most 256 MiB of run tables. */
const cache = new LruCache<PhysicalRuns>({ maxEntries: 64, maxWeight: 256 * 2 ** 20 }, runBytes);

/** XLA shape text of `dims` under canonical layout text `layout`, e.g. `f32[3,5]{1,0:T(2,2)}`. */
export function shapeText(dtype: string, dims: readonly number[], layout: string): string {
  // XLA writes a scalar's empty layout as nothing (`f32[]`); its parser rejects `f32[]{}`.
  const layoutText = layout === '{}' ? '' : layout;
  return `${PRIMITIVE_OF_DTYPE[dtype] ?? 'f32'}[${dims.join(',')}]${layoutText}`;
}

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
