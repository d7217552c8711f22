/**
 * Batcher's odd-even merge sort as a sorting network: the compare-exchange steps that sort any
 * `size` values (a power of two), each putting the lesser of slots `lo < hi` in `lo`. The steps
 * do not depend on the values, so emitted code sorts without branching on the data (19 steps
 * for 8 values, 63 for 16).
 */

/** The compare-exchange pairs `[lo, hi]` of a network sorting `size` values, in order. */
export function sortingNetwork(size: number): readonly (readonly [number, number])[] {
  if (!Number.isInteger(Math.log2(size)) || size < 1) {
    throw new RangeError(`a sorting network's size must be a power of two, got ${size}`);
  }
  const pairs: [number, number][] = [];
  // Merges runs of `run` values pairwise, comparing slots `distance` apart, halving it.
  for (let run = 1; run < size; run *= 2) {
    for (let distance = run; distance >= 1; distance = Math.floor(distance / 2)) {
      for (let start = distance % run; start + distance < size; start += 2 * distance) {
        for (let i = 0; i < distance && start + i + distance < size; i++) {
          const lo = start + i;
          const hi = lo + distance;
          // Only slots within one merged pair of runs are compared.
          if (Math.floor(lo / (2 * run)) === Math.floor(hi / (2 * run))) pairs.push([lo, hi]);
        }
      }
    }
  }
  return pairs;
}
