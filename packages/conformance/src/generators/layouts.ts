/**
 * Arbitraries of tiled layouts, each aimed at one rule of the "Tiled layout" document: full-rank
 * tiles, tiles on a suffix of the dimensions, repeated tiling, `*` combining, permuted
 * minor_to_major orders.
 */
import * as fc from 'fast-check';
import {
  type BoundRule,
  refuse,
  requireInteger,
  requireIntegers,
  requireObject,
  requireOrdered,
} from '../core/arguments.js';
import { COMBINE, type LayoutSpec, layoutSpec } from '../reference/layout-spec.js';
import {
  checkShapeBounds,
  permutations,
  SHAPE_BOUND_RULES,
  type ShapeBounds,
  shapes,
} from './shapes.js';

/** What each field of LayoutBounds may hold (its ShapeBounds fields included). */
const LAYOUT_BOUND_RULES: Readonly<Record<string, BoundRule>> = {
  ...SHAPE_BOUND_RULES,
  tileRank: { oneOf: ['full', 'suffix', 'any'] },
  combine: { flag: true },
  combineLater: { flag: true },
  longerTiles: { flag: true },
  permuted: { flag: true },
  maxTile: { count: [1, 2 ** 20] },
  maxLaterTile: { count: [1, 2 ** 20] },
  elementType: { text: true },
  tailPadding: { flag: true },
};

/** Checks layout bounds, `levels` (a `{min, max}` tile count) included. */
function checkLayoutBounds(bounds: unknown): void {
  checkShapeBounds(bounds, LAYOUT_BOUND_RULES);
  const levels = (bounds as LayoutBounds | undefined)?.levels;
  if (levels === undefined) return;
  requireObject(levels, 'bounds.levels');
  requireInteger(levels.min, 'bounds.levels.min', 0, 16);
  requireInteger(levels.max, 'bounds.levels.max', 0, 16);
  requireOrdered(levels.min, levels.max, 'bounds.levels', 'min and max');
}

/** Which tilings to generate. */
export interface LayoutBounds extends ShapeBounds {
  /** `full`: the first tile has the shape's rank; `suffix`: fewer dimensions; `any` (default). */
  readonly tileRank?: 'full' | 'suffix' | 'any';
  /** Number of tiles (default 1). */
  readonly levels?: { readonly min: number; readonly max: number };
  /** Allow `*` entries in the first tile (default false). */
  readonly combine?: boolean;
  /** Allow `*` entries in later tiles too (default false). */
  readonly combineLater?: boolean;
  /**
   * Let each tile have one dimension more than what it tiles (default false): XLA tiles such a
   * shape as if it had a leading unit dimension. Also allows tiles on rank-0 shapes.
   */
  readonly longerTiles?: boolean;
  /** Random minor_to_major order instead of row-major (default false). */
  readonly permuted?: boolean;
  /** Largest tile entry (default 4). */
  readonly maxTile?: number;
  /** Largest entry of a later tile (default 2, at most `maxTile`). */
  readonly maxLaterTile?: number;
  /** Element type written into the text (default `f32`). */
  readonly elementType?: string;
  /** Also generate `L(n)` tail padding (default false). */
  readonly tailPadding?: boolean;
}

/**
 * Every layout feature at once (permuted orders, `*` combining, up to two tile levels, tail
 * padding) on dimensions up to 7: small enough for shader-compiling backends.
 */
export const ANY_LAYOUT: LayoutBounds = {
  permuted: true,
  combine: true,
  levels: { min: 0, max: 2 },
  tailPadding: true,
  maxDim: 7,
};

function firstTileRank(rank: number, bounds: LayoutBounds): fc.Arbitrary<number> {
  const longer = bounds.longerTiles ? 1 : 0;
  if (bounds.tileRank === 'full') return fc.constant(rank);
  if (bounds.tileRank === 'suffix') return fc.integer({ min: 1, max: rank - 1 });
  return fc.integer({ min: 1, max: rank + longer });
}

/**
 * Tiles of `length` entries in `1..maxTile`; with `combine`, major entries may be `*` (never the
 * most minor one, which has no more minor dimension to combine into).
 */
export function tiles(length: number, maxTile: number, combine = false): fc.Arbitrary<number[]> {
  requireInteger(length, 'length', 1, 64);
  requireInteger(maxTile, 'maxTile', 1, 2 ** 20);
  if (typeof combine !== 'boolean') refuse('combine', 'a boolean', combine);
  const entry = fc.integer({ min: 1, max: maxTile });
  const majorEntry = combine ? fc.oneof(entry, fc.constant(COMBINE)) : entry;
  return fc
    .tuple(fc.array(majorEntry, { minLength: length - 1, maxLength: length - 1 }), entry)
    .map(([major, minor]) => [...major, minor]);
}

/**
 * A later tiling level: applies to the suffix of the expanded shape (the first tile's sizes, and
 * with `longerTiles` one dimension more).
 */
function laterTile(first: readonly number[], bounds: LayoutBounds): fc.Arbitrary<number[]> {
  const sizes = first.filter((t) => t !== COMBINE);
  const maxTile = bounds.maxTile ?? 4;
  const maxLength = sizes.length + (bounds.longerTiles ? 1 : 0);
  return fc
    .integer({ min: 1, max: maxLength })
    .chain((length) =>
      tiles(length, Math.min(maxTile, bounds.maxLaterTile ?? 2), bounds.combineLater ?? false),
    );
}

/** Layouts of the logical dimensions `dims` within `bounds` (ignoring its shape bounds). */
export function layoutsFor(
  dims: readonly number[],
  bounds: LayoutBounds = {},
): fc.Arbitrary<LayoutSpec> {
  requireIntegers(dims, 'dims', 0, 2 ** 20, 32);
  checkLayoutBounds(bounds);
  const rank = dims.length + (bounds.longerTiles ? 1 : 0);
  if (bounds.tileRank === 'suffix' ? dims.length < 2 : rank < 1) {
    refuse('dims', `a rank the tiles of bounds.tileRank '${bounds.tileRank ?? 'any'}' fit`, dims);
  }
  const maxTile = bounds.maxTile ?? 4;
  const levels = bounds.levels ?? { min: 1, max: 1 };
  const rowMajor = dims.map((_, k) => dims.length - 1 - k);
  return fc
    .record({
      minorToMajor: bounds.permuted ? permutations(dims.length) : fc.constant(rowMajor),
      first: firstTileRank(dims.length, bounds).chain((r) =>
        tiles(r, maxTile, bounds.combine ?? false),
      ),
      count: fc.integer({ min: levels.min, max: levels.max }),
      tailPadding: bounds.tailPadding ? fc.integer({ min: 1, max: 8 }) : fc.constant(1),
    })
    .chain(({ minorToMajor, first, count, tailPadding }) =>
      fc
        .array(laterTile(first, bounds), {
          minLength: Math.max(0, count - 1),
          maxLength: Math.max(0, count - 1),
        })
        .map((later) =>
          layoutSpec(bounds.elementType ?? 'f32', dims, {
            minorToMajor,
            tiles: count === 0 ? [] : [first, ...later],
            tailPadding,
          }),
        ),
    );
}

/**
 * Layout specs within `bounds`; shapes of rank 2 or more when `tileRank` is `suffix`, rank 0
 * (scalars) only with `longerTiles`.
 */
export function layouts(bounds: LayoutBounds = {}): fc.Arbitrary<LayoutSpec> {
  checkLayoutBounds(bounds);
  const lowestRank = bounds.tileRank === 'suffix' ? 2 : bounds.longerTiles ? 0 : 1;
  const minRank = Math.max(bounds.minRank ?? 1, lowestRank);
  const maxRank = Math.max(bounds.maxRank ?? 3, minRank);
  return shapes({ ...bounds, minRank, maxRank }).chain((dims) => layoutsFor(dims, bounds));
}

/** A layout together with one logical index inside it. */
export function layoutsWithIndex(
  bounds: LayoutBounds = {},
): fc.Arbitrary<{ spec: LayoutSpec; index: number[] }> {
  checkLayoutBounds(bounds);
  // An index needs every dimension to hold one.
  if (bounds.minDim === 0) refuse('bounds.minDim', 'at least 1 (an index needs elements)', 0);
  return layouts(bounds).chain((spec) =>
    fc
      .tuple(...spec.dims.map((d) => fc.integer({ min: 0, max: d - 1 })))
      .map((index) => ({ spec, index })),
  );
}
