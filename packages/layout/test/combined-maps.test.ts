/**
 * offsetMap / inverseMap when a later tile holds `*`. Such a `*` folds
 * coordinates of different logical axes together, so their offset tables join into one group;
 * the group's table repeats with a per-axis period, which keeps the fast path fast. These tests
 * pin the maps to a plain loop of linearIndex and the periods to their defining property.
 */
import {
  COMBINE,
  layouts,
  logicalIndices,
  referenceLinearIndex,
} from '@tilekit/conformance/testing';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ArrayShape,
  formatShape,
  inverseMap,
  linearIndex,
  offsetMap,
  physicalElementCount,
} from '../src/index.js';
import { axisPeriods } from '../src/maps/axis-tables.js';
import { compileLayout } from '../src/tiling/compile.js';
import { arrayShapeOf } from './support/indexed-shapes.js';

/** Row-major walk calling linearIndex per element: what offsetMap must equal. */
function offsetsByLinearIndex(shape: ArrayShape, dims: readonly number[]): number[] {
  return [...logicalIndices(dims)].map((index) => linearIndex(shape, index));
}

/** Shapes of rank 1..3, sizes up to 24 (so periods fall inside the axes), a `*` after tile 1. */
const arbLaterStarLayout = layouts({
  minRank: 1,
  maxRank: 3,
  maxDim: 24,
  levels: { min: 2, max: 3 },
  permuted: true,
  longerTiles: true,
  combine: true,
  combineLater: true,
  maxTile: 5,
  maxLaterTile: 5,
  tailPadding: true,
}).filter((spec) => spec.tiles.slice(1).some((tile) => tile.includes(COMBINE)));

describe('offset maps with `*` in a later tile', () => {
  it('offsetMap equals a loop of linearIndex, and both the reference; inverseMap inverts it', () => {
    fc.assert(
      fc.property(arbLaterStarLayout, (spec) => {
        const shape = arrayShapeOf(spec);
        const expected = offsetsByLinearIndex(shape, spec.dims);
        expect(
          [...logicalIndices(spec.dims)].map((index) => referenceLinearIndex(spec, index)),
        ).toEqual(expected);
        expect(Array.from(offsetMap(shape)), formatShape(shape)).toEqual(expected);
        const inverse = new Array<number>(physicalElementCount(shape)).fill(-1);
        expected.forEach((offset, position) => {
          inverse[offset] = position;
        });
        expect(Array.from(inverseMap(shape))).toEqual(inverse);
      }),
      { seed: 1611, numRuns: 400 },
    );
  });

  it('moving an axis by its period moves every offset by one constant', () => {
    fc.assert(
      fc.property(arbLaterStarLayout, (spec) => {
        const shape = arrayShapeOf(spec);
        const compiled = compileLayout(shape);
        const dims = compiled.logicalDims;
        axisPeriods(compiled).forEach((period, axis) => {
          if (period >= dims[axis]!) return;
          const moved = (index: number[]) =>
            index.map((value, other) => (other === axis ? value + period : value));
          const deltas = new Set<number>();
          for (const index of logicalIndices(dims)) {
            if (index[axis]! + period >= dims[axis]!) continue;
            deltas.add(linearIndex(shape, moved(index)) - linearIndex(shape, index));
          }
          expect(deltas.size, `${formatShape(shape)} axis ${axis} period ${period}`).toBe(1);
        });
      }),
      { seed: 1612, numRuns: 400 },
    );
  });

  it('finds the short periods of f32[64,512]{1,0:T(8,128)(*,3)}', () => {
    // Rows repeat every 8 (the row tile) and columns every 128 (the column tile); the (*,3)
    // tile only regroups within one (8,128) tile, so these periods hold although it joins axes.
    const compiled = compileLayout('f32[64,512]{1,0:T(8,128)(*,3)}');
    expect(compiled.axisGroups).toEqual([[0, 1]]);
    expect(axisPeriods(compiled)).toEqual([8, 128]);
  });
});
