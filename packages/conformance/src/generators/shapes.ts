/** Arbitraries of logical array shapes (dimension lists), small enough to enumerate. */
import * as fc from 'fast-check';
import { type BoundRule, checkBounds, requireInteger, requireOrdered } from '../core/arguments.js';

/** The most dimensions a generated shape may have. */
const MAX_RANK = 32;
/** The largest generated dimension size (shapes are meant to be enumerated). */
const MAX_DIM = 2 ** 20;

/** What each field of ShapeBounds may hold. */
export const SHAPE_BOUND_RULES: Readonly<Record<string, BoundRule>> = {
  minRank: { count: [0, MAX_RANK] },
  maxRank: { count: [0, MAX_RANK] },
  minDim: { count: [0, MAX_DIM] },
  maxDim: { count: [0, MAX_DIM] },
};

/**
 * Checks shape bounds (fields, and each minimum at most its maximum).
 * @throws ConformanceConfigError naming the field at fault.
 */
export function checkShapeBounds(bounds: unknown, rules = SHAPE_BOUND_RULES): void {
  checkBounds(bounds, 'bounds', rules);
  const b = (bounds ?? {}) as ShapeBounds;
  requireOrdered(b.minRank ?? 1, b.maxRank ?? 3, 'bounds', 'minRank and maxRank');
  requireOrdered(b.minDim ?? 1, b.maxDim ?? 9, 'bounds', 'minDim and maxDim');
}

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
  checkShapeBounds(bounds);
  return fc.array(fc.integer({ min: bounds.minDim ?? 1, max: bounds.maxDim ?? 9 }), {
    minLength: bounds.minRank ?? 1,
    maxLength: bounds.maxRank ?? 3,
  });
}

/** A permutation of `0..rank-1` (a minor_to_major order). */
export function permutations(rank: number): fc.Arbitrary<number[]> {
  requireInteger(rank, 'rank', 0, MAX_RANK);
  return fc.array(fc.nat(), { minLength: rank, maxLength: rank }).map((keys) =>
    keys
      .map((key, dim) => ({ key, dim }))
      .sort((a, b) => a.key - b.key || a.dim - b.dim)
      .map((k) => k.dim),
  );
}
