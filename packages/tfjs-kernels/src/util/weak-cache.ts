/**
 * Caches keyed by objects and held weakly, for values derived from cached tables: a value lives
 * exactly as long as the objects it was derived from, with no eviction of its own.
 */

/** The value `map` holds for `key`, made by `make` and stored on first use. */
export function weakGetOrInsert<K extends object, V>(map: WeakMap<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** `compute` memoised per pair of arguments, each held weakly. */
export function memoizeOnPair<A extends object, B extends object, V>(
  compute: (a: A, b: B) => V,
): (a: A, b: B) => V {
  const cache = new WeakMap<A, WeakMap<B, V>>();
  return (a, b) =>
    weakGetOrInsert(
      weakGetOrInsert(cache, a, () => new WeakMap<B, V>()),
      b,
      () => compute(a, b),
    );
}
