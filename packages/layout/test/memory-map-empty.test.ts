/**
 * A shape with no element (a dimension of size 0) has nothing to draw: `renderMemoryMap` writes
 * one note naming its dimensions instead of panels, whatever `maxPanels`, `maxCells` and
 * `overflow` allow, so the picture is a few hundred bytes even when millions of panels are asked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ArrayShape,
  type MemoryMapOptions,
  parseShape,
  physicalElementCount,
  renderMemoryMap,
} from '../src/index.js';
import { xmlProblems } from './support/xml.js';
import { zeroElementShapeArb } from './support/zero-element-shapes.js';

/** The title, styles, the note and the empty memory strip: no picture of nothing needs more. */
const EMPTY_PICTURE_BYTES = 3000;

/** Sizes beside the zero: units, small, near 2^31 and 2^32, and 2^53 - 1. */
const arbOtherDim = fc.oneof(
  fc.constantFrom(1, 2, 3, 7, 100_000, 2147483647, 4294967299, 9007199254740991),
  fc.integer({ min: 0, max: 50 }),
);

/** Shape text with at least one zero dimension, any dimension order, tiles with `*` and `L`. */
const arbEmptyShape = zeroElementShapeArb({
  otherDims: arbOtherDim,
  tile: fc
    .array(fc.constantFrom('1', '2', '4', '128', '*'), { minLength: 1, maxLength: 4 })
    .map((tile) => [...tile.slice(0, -1), tile.at(-1) === '*' ? '2' : tile.at(-1)!]),
  maxTiles: 2,
  tails: ['', 'L(3)'],
  type: fc.constantFrom('f32', 'u8', 's64', 'pred'),
});

const arbOptions: fc.Arbitrary<MemoryMapOptions> = fc.record({
  format: fc.constantFrom('svg', 'text'),
  overflow: fc.constantFrom('summary', 'error'),
  maxCells: fc.integer({ min: 1, max: 100_000 }),
  maxPanels: fc.oneof(fc.constantFrom(1, 100_000, 10_000_000), fc.integer({ min: 1, max: 1000 })),
  maxSlots: fc.integer({ min: 1, max: 3000 }),
});

const occurrences = (text: string, part: string): number => text.split(part).length - 1;

describe('renderMemoryMap of a shape with no element', () => {
  it('random zero-element shapes, layouts and limits: one note naming the dimensions, no panel', () => {
    let drawn = 0;
    fc.assert(
      fc.property(arbEmptyShape, arbOptions, (shape, options) => {
        // Layouts that the index functions reject are not this property's concern.
        let picture: string;
        try {
          picture = renderMemoryMap(shape, options);
        } catch (error) {
          expect((error as Error).name).toMatch(/^Layout(Validation|Syntax)Error$/);
          return;
        }
        drawn++;
        const dims = (parseShape(shape) as ArrayShape).dimensions.map((d) =>
          d.kind === 'unbounded' ? '?' : d.size,
        );
        expect(physicalElementCount(shape)).toBe(0);
        expect(occurrences(picture, 'no elements')).toBe(1);
        expect(picture).toContain(`no elements: dimensions ${dims.join('x')}`);
        expect(picture).not.toContain('more panels');
        expect(picture.length).toBeLessThan(EMPTY_PICTURE_BYTES);
        if (options.format === 'svg') {
          expect(picture).not.toMatch(/<rect class="(cell|pad|slot)/);
          expect(xmlProblems(picture)).toEqual([]);
          expect(picture).toContain('memory: 0 slots');
        } else {
          // No panel heading (`[i, :, :]`) and no grid border.
          expect(picture).not.toMatch(/^\[|^\s*\+-/m);
          expect(picture).toContain('memory (0 slots):');
        }
      }),
      { seed: 15, numRuns: 300 },
    );
    // Most random layouts are valid; the property must have drawn many pictures.
    expect(drawn).toBeGreaterThan(150);
  });

  it('the same shape with one more element per zero dimension draws panels again', () => {
    // The note replaces panels only when there is nothing to draw.
    const picture = renderMemoryMap('f32[3,1,2]{2,1,0}', { format: 'text', maxPanels: 100_000 });
    expect(picture).not.toContain('no elements');
    expect(occurrences(picture, '[')).toBeGreaterThanOrEqual(3);
    const empty = renderMemoryMap('f32[3,0,2]{2,1,0}', { format: 'text', maxPanels: 100_000 });
    expect(empty).toContain('no elements: dimensions 3x0x2');
  });

  it('bad limits are still typed errors for an empty shape', () => {
    for (const maxPanels of [0, -1, 1.5, Number.NaN]) {
      expect(() => renderMemoryMap('f32[0,4]', { format: 'svg', maxPanels })).toThrow(
        'options.maxPanels',
      );
    }
  });
});
