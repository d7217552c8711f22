/**
 * offsetMap / inverseMap when a later tile holds `*` (issue 16, item 11c). Such a `*` folds
 * coordinates of different logical axes together, so their offset tables join into one group;
 * the group's table repeats with a per-axis period, which keeps the fast path fast. These tests
 * pin the maps to a plain loop of linearIndex and the periods to their defining property.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ArrayShape,
  COMBINE_DIMENSION,
  formatShape,
  inverseMap,
  linearIndex,
  offsetMap,
  parseShape,
  physicalElementCount,
  type Tile,
} from '../src/index.js';
import { axisPeriods } from '../src/maps/axis-tables.js';
import { compileLayout } from '../src/tiling/compile.js';
import { arbMinorToMajor } from './support/arbitraries.js';
import { allIndices, referenceLinearIndex } from './support/reference-layout.js';

/** Row-major walk calling linearIndex per element: what offsetMap must equal. */
function offsetsByLinearIndex(shape: ArrayShape): number[] {
  const dims = shape.dimensions.map((dim) => (dim.kind === 'unbounded' ? 0 : dim.size));
  return [...allIndices(dims)].map((index) => linearIndex(shape, index));
}

/** A tile of 1..maxLength entries with `*` likely, never last. */
const arbStarTile = (maxLength: number): fc.Arbitrary<Tile> =>
  fc
    .tuple(
      fc.array(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(COMBINE_DIMENSION)), {
        maxLength: maxLength - 1,
      }),
      fc.integer({ min: 1, max: 5 }),
    )
    .map(([front, last]) => [...front, last]);

/** Shapes of rank 1..3, sizes up to 24 (so periods fall inside the axes), a `*` after tile 1. */
const arbLaterStarShape: fc.Arbitrary<ArrayShape> = fc
  .integer({ min: 1, max: 3 })
  .chain((rank) =>
    fc.record({
      sizes: fc.array(fc.integer({ min: 1, max: 24 }), { minLength: rank, maxLength: rank }),
      minorToMajor: arbMinorToMajor(rank),
      first: arbStarTile(rank + 1),
      later: fc.array(arbStarTile(rank + 3), { minLength: 1, maxLength: 2 }),
      alignment: fc.constantFrom(1, 1, 3),
    }),
  )
  .filter(({ later }) => later.some((tile) => tile.includes(COMBINE_DIMENSION)))
  .map(({ sizes, minorToMajor, first, later, alignment }) => {
    const text = `f32[${sizes.join(',')}]{${minorToMajor.join(',')}:T${[first, ...later]
      .map((tile) => `(${tile.map((size) => (size === COMBINE_DIMENSION ? '*' : size)).join(',')})`)
      .join('')}L(${alignment})}`;
    return parseShape(text) as ArrayShape;
  });

describe('offset maps with `*` in a later tile', () => {
  it('offsetMap equals a loop of linearIndex, and both the reference; inverseMap inverts it', () => {
    fc.assert(
      fc.property(arbLaterStarShape, (shape) => {
        const expected = offsetsByLinearIndex(shape);
        const dims = shape.dimensions.map((dim) => (dim.kind === 'unbounded' ? 0 : dim.size));
        expect([...allIndices(dims)].map((index) => referenceLinearIndex(shape, index))).toEqual(
          expected,
        );
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
      fc.property(arbLaterStarShape, (shape) => {
        const compiled = compileLayout(shape);
        const dims = compiled.logicalDims;
        axisPeriods(compiled).forEach((period, axis) => {
          if (period >= dims[axis]!) return;
          const moved = (index: number[]) =>
            index.map((value, other) => (other === axis ? value + period : value));
          const deltas = new Set<number>();
          for (const index of allIndices(dims)) {
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
