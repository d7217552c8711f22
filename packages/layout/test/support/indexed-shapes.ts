/**
 * Layouts for the index-semantics properties, drawn by `@tilekit/conformance`'s generators and
 * checked against its reference: each case is this package's `ArrayShape` next to the
 * reference's `LayoutSpec` of the same layout.
 */
import {
  type LayoutBounds,
  type LayoutSpec,
  layouts,
  referencePhysicalElementCount,
} from '@tilekit/conformance/testing';
import fc from 'fast-check';
import type { ArrayShape, Dimension, PrimitiveType } from '../../src/index.js';
import { arbArrayElementType, arbElementSizeInBits } from './arbitraries.js';

/**
 * Everything the tiling engine must handle: rank 0..4, empty dimensions, permuted orders, up to
 * three tiles (repeated tiling), tiles shorter and longer than what they tile, `*` in any tile
 * (never most minor) and tail padding `L`.
 */
export const INDEX_LAYOUTS: LayoutBounds = {
  minRank: 0,
  maxRank: 4,
  minDim: 0,
  maxDim: 6,
  levels: { min: 0, max: 3 },
  permuted: true,
  longerTiles: true,
  combine: true,
  combineLater: true,
  maxTile: 4,
  maxLaterTile: 4,
  tailPadding: true,
};

/** One generated layout, as this package and as the reference see it. */
export interface IndexedShape {
  readonly shape: ArrayShape;
  readonly spec: LayoutSpec;
}

/**
 * This package's shape of `spec` (static dimensions unless `bounded[k]`: index functions read a
 * bounded dimension's bound like a static size). The other attributes do not change indices.
 */
export function arrayShapeOf(spec: LayoutSpec, bounded: readonly boolean[] = []): ArrayShape {
  return {
    kind: 'array',
    elementType: spec.elementType as PrimitiveType,
    dimensions: spec.dims.map(
      (size, k): Dimension => ({ kind: bounded[k] ? 'bounded' : 'static', size }),
    ),
    layout: {
      minorToMajor: spec.minorToMajor,
      // The reference's COMBINE and this package's COMBINE_DIMENSION are both -1 (`*`).
      tiles: spec.tiles,
      tailPaddingAlignmentInElements: spec.tailPadding,
      elementSizeInBits: spec.elementBits,
      memorySpace: 0,
      splitConfigs: [],
      dynamicShapeMetadataPrefixBytes: 0,
    },
  };
}

/**
 * Layouts within `bounds` whose physical buffer has at most `maxPhysicalElements` slots (keeps
 * whole-array checks fast), with any array element type, `E(n)` and some bounded dimensions.
 */
export function arbIndexedShape(
  bounds: LayoutBounds = INDEX_LAYOUTS,
  maxPhysicalElements = 4096,
): fc.Arbitrary<IndexedShape> {
  return layouts(bounds)
    .filter((spec) => referencePhysicalElementCount(spec) <= maxPhysicalElements)
    .chain((generated) =>
      fc
        .record({
          elementType: arbArrayElementType,
          elementBits: arbElementSizeInBits,
          bounded: fc.array(fc.boolean(), {
            minLength: generated.dims.length,
            maxLength: generated.dims.length,
          }),
        })
        .map(({ elementType, elementBits, bounded }) => {
          const spec: LayoutSpec = { ...generated, elementType, elementBits };
          return { spec, shape: arrayShapeOf(spec, bounded) };
        }),
    );
}
