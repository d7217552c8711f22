/** Arbitraries of logical array shapes (dimension lists), small enough to enumerate. */
import * as fc from 'fast-check';

/** Bounds of generated shapes. */
export interface ShapeBounds {
  readonly minRank?: number;
  readonly maxRank?: number;
  /** Smallest dimension size (default 1; 0 gives empty arrays too). */
  readonly minDim?: number;
  /** Largest dimension size (default 9). */
  readonly maxDim?: number;
}

/** Dimension lists, most major first, every size in `minDim..maxDim`. */
export function shapes(bounds: ShapeBounds = {}): fc.Arbitrary<number[]> {
  return fc.array(fc.integer({ min: bounds.minDim ?? 1, max: bounds.maxDim ?? 9 }), {
    minLength: bounds.minRank ?? 1,
    maxLength: bounds.maxRank ?? 3,
  });
}

/** A permutation of `0..rank-1` (a minor_to_major order). */
export function permutations(rank: number): fc.Arbitrary<number[]> {
  return fc.array(fc.nat(), { minLength: rank, maxLength: rank }).map((keys) =>
    keys
      .map((key, dim) => ({ key, dim }))
      .sort((a, b) => a.key - b.key || a.dim - b.dim)
      .map((k) => k.dim),
  );
}
