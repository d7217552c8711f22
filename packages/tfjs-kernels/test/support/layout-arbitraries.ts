/**
 * The random layouts and relayout cases the property tests draw, built on @tilekit/conformance's
 * generators (`layoutsFor`, `shapes`): only the bounds and the tensor values are chosen here.
 */
import {
  formatLayoutSpec,
  type LayoutBounds,
  layoutsFor,
  shapes,
} from '@tilekit/conformance/testing';
import { inverseMap, physicalElementCount } from '@tilekit/layout';
import fc from 'fast-check';
import { shapeText } from '../../src/layout/shape-text.js';
import { sizeFromShape } from '../../src/util/shape-size.js';

/**
 * Any layout of a shape: any minor_to_major, no tile up to `maxLevels` tiles (entries 1..4, `*`
 * in any tile, tiles one dimension longer than what they tile), optional `L(n)` tail.
 */
function anyLayout(maxLevels: number): LayoutBounds {
  return {
    permuted: true,
    levels: { min: 0, max: maxLevels },
    combine: true,
    combineLater: true,
    longerTiles: true,
    maxTile: 4,
    maxLaterTile: 4,
    tailPadding: true,
  };
}

/**
 * Layout text for `dims` from a wider family: up to three tilings with `*` in any of them, tiles
 * one dimension longer or shorter than what they tile, tail padding, and first-tile entries up
 * to 16, so tiles pad odd dimensions far (as `T(128)` pads a row of 7) as often as they split
 * them; half the draws are full-rank tiles with later tilings (as `T(*,2)(2,1)`), the layouts
 * whose pairs with padded sources GPU passes once got wrong.
 */
export function wideLayoutTextFor(dims: readonly number[]): fc.Arbitrary<string> {
  const wide: LayoutBounds = {
    ...anyLayout(3),
    maxTile: 16,
    combineLater: true,
  };
  return fc
    .oneof(
      layoutsFor(dims, wide),
      layoutsFor(dims, { ...wide, tileRank: 'full', levels: { min: 2, max: 3 } }),
    )
    .map(formatLayoutSpec);
}

/** A random minor_to_major order of `rank` dimensions (row-major half the time). */
function minorToMajor(rank: number): fc.Arbitrary<number[]> {
  const rowMajor = Array.from({ length: rank }, (_, k) => rank - 1 - k);
  return fc.oneof(
    fc.constant(rowMajor),
    fc.shuffledSubarray(rowMajor, { minLength: rank, maxLength: rank }),
  );
}

/**
 * `{...:T(*,...,*,m)(k,j)}`: every dimension combined into the most minor one, tiled by m, then
 * re-tiled by a two-entry tile (one dimension longer than the tile), so consecutive slots hold
 * elements k apart that straddle logical rows.
 */
function combinedSubtiledLayoutText(dims: readonly number[]): fc.Arbitrary<string> {
  return fc
    .record({
      order: minorToMajor(dims.length),
      m: fc.integer({ min: 1, max: 8 }),
      k: fc.integer({ min: 1, max: 4 }),
      j: fc.integer({ min: 1, max: 4 }),
    })
    .map(({ order, m, k, j }) => {
      const first = [...Array<string>(dims.length - 1).fill('*'), m].join(',');
      return `{${order.join(',')}:T(${first})(${k},${j})}`;
    });
}

/** `{...:T(n)}`: the most minor dimension padded to n (often far past it, as `T(128)` pads 7). */
function paddedRowLayoutText(dims: readonly number[]): fc.Arbitrary<string> {
  return fc
    .record({ order: minorToMajor(dims.length), n: fc.integer({ min: 1, max: 16 }) })
    .map(({ order, n }) => `{${order.join(',')}:T(${n})}`);
}

/**
 * Two layouts of `dims` (`from`, `to`): both from the wide family half the time, else a padded
 * row layout into a combined, re-tiled one, the pairs whose consecutive target slots come from
 * source slots that are not evenly spaced.
 */
export function layoutPairFor(
  dims: readonly number[],
): fc.Arbitrary<{ readonly from: string; readonly to: string }> {
  return fc.oneof(
    fc.record({ from: wideLayoutTextFor(dims), to: wideLayoutTextFor(dims) }),
    fc.record({ from: paddedRowLayoutText(dims), to: combinedSubtiledLayoutText(dims) }),
  );
}

/** Whether `@tilekit/layout` accepts every one of `layouts` for `dims`. */
export function layoutsAcceptedFor(dims: readonly number[], layouts: readonly string[]): boolean {
  try {
    for (const layout of layouts) physicalElementCount(shapeText('float32', dims, layout));
    return true;
  } catch {
    return false;
  }
}

/** Layout text such as `{0,2,1:T(2,4)(2,1)L(4)}` for a tensor of dimensions `dims`. */
export function layoutTextFor(dims: readonly number[], maxLevels = 2): fc.Arbitrary<string> {
  return layoutsFor(dims, anyLayout(maxLevels)).map(formatLayoutSpec);
}

export type LayoutDtype = 'float32' | 'int32' | 'bool';

/** A tensor description: dtype, dims, values, a pad value and two layouts for it. */
export interface RelayoutCase {
  readonly dtype: LayoutDtype;
  readonly dims: number[];
  readonly values: number[];
  readonly padValue: number;
  readonly layout: string;
  readonly otherLayout: string;
}

const arbitraryValue: Record<LayoutDtype, fc.Arbitrary<number>> = {
  float32: fc.integer({ min: -512, max: 512 }).map((v) => v / 8),
  int32: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }),
  bool: fc.integer({ min: 0, max: 1 }),
};

/** Random relayout cases over ranks 1..4, dims 1..7 and all three dtypes. */
export const relayoutCase: fc.Arbitrary<RelayoutCase> = fc
  .record({
    dtype: fc.constantFrom<LayoutDtype>('float32', 'int32', 'bool'),
    dims: shapes({ minRank: 1, maxRank: 4, minDim: 1, maxDim: 7 }),
  })
  .chain(({ dtype, dims }) => {
    const size = sizeFromShape(dims);
    return fc.record({
      dtype: fc.constant(dtype),
      dims: fc.constant(dims),
      values: fc.array(arbitraryValue[dtype], { minLength: size, maxLength: size }),
      padValue: arbitraryValue[dtype],
      layout: layoutTextFor(dims),
      otherLayout: layoutTextFor(dims),
    });
  });

/** XLA shape text of a case's tensor under `layout`, e.g. `f32[3,5]{1,0:T(2,2)}`. */
export const caseShape = (c: RelayoutCase, layout: string) => shapeText(c.dtype, c.dims, layout);

/** Whether `@tilekit/layout` accepts both layouts for these dims. */
export function layoutsAccepted(c: RelayoutCase): boolean {
  try {
    physicalElementCount(caseShape(c, c.layout));
    physicalElementCount(caseShape(c, c.otherLayout));
    return true;
  } catch {
    return false;
  }
}

/** The physical buffer `layout` gives the case: values through the inverse map, pads elsewhere. */
export function expectedPhysical(c: RelayoutCase, layout: string): number[] {
  return Array.from(inverseMap(caseShape(c, layout)), (l) => (l >= 0 ? c.values[l]! : c.padValue));
}
