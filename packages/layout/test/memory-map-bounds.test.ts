/**
 * `renderMemoryMap`'s output is bounded by its options whatever the shape (hostile sizes, zero
 * dimensions, huge leading products), and large pictures within those bounds are built without
 * spreading arrays onto the stack. The drawn cells are checked against `linearIndex`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LAYOUT_LIMITS,
  LayoutSyntaxError,
  LayoutValidationError,
  linearIndex,
  type MemoryMapOptions,
  renderMemoryMap,
} from '../src/index.js';
import { memoryMapModel } from '../src/render/model.js';
import { xmlProblems } from './support/xml.js';

/** Bytes one drawn cell, label line, panel or slot may take in either format (SVG is the wider). */
const BYTES_PER_ITEM = 400;
/** The title, styles, headings and notes of a picture. */
const FIXED_BYTES = 4000;

/** The cell offsets an SVG picture shows, in drawing order. */
const svgOffsets = (svg: string): number[] =>
  [...svg.matchAll(/<rect class="(?:cell|pad)"[^>]*data-offset="(\d+)"/g)].map((m) => Number(m[1]));

/** Sizes a hostile shape is built from: zeros, units, small, near 2^31, 2^32 and 2^53. */
const arbHostileDim = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 5, 8, 2147483647, 4294967299, 9007199254740991),
  fc.integer({ min: 0, max: 300 }),
);

/** Shape text over every layout attribute the maps read: order, tiles with `*`, L. */
const arbHostileShape = fc.integer({ min: 0, max: 5 }).chain((rank) =>
  fc
    .tuple(
      fc.array(arbHostileDim, { minLength: rank, maxLength: rank }),
      fc.shuffledSubarray(
        Array.from({ length: rank }, (_, d) => d),
        { minLength: rank, maxLength: rank },
      ),
      fc.array(
        fc
          .array(fc.constantFrom('1', '2', '5', '8', '128', '*'), { minLength: 1, maxLength: 5 })
          .map((tile) => [...tile.slice(0, -1), tile.at(-1) === '*' ? '2' : tile.at(-1)!]),
        { maxLength: 3 },
      ),
      fc.constantFrom('', 'L(3)', 'L(1024)'),
    )
    .map(([dims, order, tiles, tail]) => {
      const tileText = tiles.length > 0 ? `T${tiles.map((t) => `(${t.join(',')})`).join('')}` : '';
      const attributes = tileText + tail;
      return `s64[${dims.join(',')}]{${order.join(',')}${attributes === '' ? '' : `:${attributes}`}}`;
    }),
);

const arbOptions: fc.Arbitrary<MemoryMapOptions> = fc.record({
  format: fc.constantFrom('svg', 'text'),
  overflow: fc.constantFrom('summary', 'error'),
  maxCells: fc.integer({ min: 1, max: 3000 }),
  maxPanels: fc.integer({ min: 1, max: 1000 }),
  maxSlots: fc.integer({ min: 1, max: 3000 }),
});

/** Renders, or returns the typed error the layout functions report for this shape. */
function renderOrTypedError(shape: string, options: MemoryMapOptions): string | undefined {
  try {
    return renderMemoryMap(shape, options);
  } catch (error) {
    if (error instanceof LayoutValidationError || error instanceof LayoutSyntaxError) {
      return undefined;
    }
    throw error;
  }
}

describe('renderMemoryMap output is bounded by its options, whatever the shape', () => {
  const reproducer =
    's64[2147483647,2147483647,4294967299,0]{2,3,0,1:T(2,128,2,128,5)(*,1,8)(1)L(3)}';

  it('draws the zero-element reproducer as one note, with 100,000 panels asked for', () => {
    const options = { format: 'svg', overflow: 'summary', maxPanels: 100_000 } as const;
    const svg = renderMemoryMap(reproducer, options);
    const model = memoryMapModel(reproducer, options);
    // 2147483647^2 panels of 4294967299x0 would each be empty: none is drawn or counted.
    expect(model.panels).toHaveLength(0);
    expect(model.omittedPanels).toBe(0n);
    expect(svg).toContain('no elements: dimensions 2147483647x2147483647x4294967299x0');
    expect(svg).not.toContain('more panels');
    expect(svg.length).toBeLessThan(FIXED_BYTES);
    expect(xmlProblems(svg)).toEqual([]);
  });

  it('draws the reproducer with default options in a few kilobytes, not megabytes', () => {
    for (const format of ['svg', 'text'] as const) {
      const picture = renderMemoryMap(reproducer, { format });
      expect(picture.length).toBeLessThan(FIXED_BYTES);
      expect(picture).toContain(format === 'text' ? 'memory (0 slots):' : 'memory: 0 slots');
    }
  });

  it('never draws more than LAYOUT_LIMITS.maxMapCells cells, whatever maxCells and maxPanels say', () => {
    const options = {
      format: 'text',
      overflow: 'summary',
      maxCells: 10_000_000,
      maxPanels: 10_000_000,
      maxSlots: 10_000_000,
    } as const;
    const model = memoryMapModel('u8[100,1000,1000]', options);
    const area = model.panels.reduce((sum, panel) => sum + panel.cells.length, 0);
    expect(area).toBeLessThanOrEqual(LAYOUT_LIMITS.maxMapCells);
    expect(model.panels[0]!.cells.length).toBeLessThanOrEqual(LAYOUT_LIMITS.maxMapCells);
    expect(model.slots.length).toBe(LAYOUT_LIMITS.maxMapCells);
    expect(BigInt(model.panels.length) + model.omittedPanels).toBe(100n);
    // By default a panel over the picture limit is a typed error naming it.
    expect(() =>
      renderMemoryMap('u8[1000,1000]', { format: 'text', maxCells: 10_000_000 }),
    ).toThrow('LAYOUT_LIMITS.maxMapCells');
  });

  it('random hostile shapes and options: the drawing stays within the options, cells at their offsets', () => {
    fc.assert(
      fc.property(arbHostileShape, arbOptions, (shape, options) => {
        const picture = renderOrTypedError(shape, options);
        if (picture === undefined) return;
        const model = memoryMapModel(shape, options);
        let drawn = 0;
        for (const panel of model.panels) {
          const area = Math.max(panel.rows, 1) * Math.max(panel.cols, 1);
          expect(area).toBeLessThanOrEqual(options.maxCells!);
          drawn += area;
          expect(panel.cells).toHaveLength(panel.rows * panel.cols);
        }
        expect(model.panels.length).toBeLessThanOrEqual(options.maxPanels!);
        expect(drawn).toBeLessThanOrEqual(LAYOUT_LIMITS.maxMapCells);
        expect(model.slots.length).toBeLessThanOrEqual(options.maxSlots!);
        const items = drawn + model.panels.length + model.slots.length;
        expect(picture.length).toBeLessThanOrEqual(items * BYTES_PER_ITEM + FIXED_BYTES);
        // A few drawn cells sit where linearIndex puts their element.
        const panel = model.panels[0];
        for (const cell of panel?.cells.slice(0, 8) ?? []) {
          if (cell.padding) continue;
          const full = [...panel!.leadingIndex, cell.row, cell.col];
          const index = full.slice(full.length - model.rank);
          expect(cell.offset).toBe(linearIndex(shape, index));
        }
      }),
      { seed: 24, numRuns: 60 },
    );
  });
});

describe('large pictures do not overflow the stack', () => {
  it('maxCells 130,000: a whole 130,000-cell panel in SVG and text, every offset right', () => {
    const shape = 'f32[130000]{0}';
    const svg = renderMemoryMap(shape, { format: 'svg', maxCells: 130_000 });
    expect(svgOffsets(svg)).toEqual(Array.from({ length: 130_000 }, (_, i) => i));
    const text = renderMemoryMap(shape, { format: 'text', maxCells: 130_000 });
    expect(text).toContain(' 129999 |');
  });

  it('random panels of up to LAYOUT_LIMITS.maxMapCells cells render with every cell', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 512 }),
        fc.integer({ min: 100, max: 512 }),
        fc.constantFrom('', ':T(8,128)', ':T(*,128)(4)'),
        (rows, cols, tiles) => {
          const shape = `f32[${rows},${cols}]{1,0${tiles}}`;
          const cells = memoryMapModel(shape, { maxCells: LAYOUT_LIMITS.maxMapCells }).panels[0]!
            .cells;
          const svg = renderMemoryMap(shape, {
            format: 'svg',
            maxCells: LAYOUT_LIMITS.maxMapCells,
          });
          expect(svgOffsets(svg)).toEqual(cells.map((cell) => cell.offset));
          for (let k = 0; k < cells.length; k += 97) {
            const cell = cells[k]!;
            if (!cell.padding) expect(cell.offset).toBe(linearIndex(shape, [cell.row, cell.col]));
          }
        },
      ),
      { seed: 8, numRuns: 4 },
    );
  });
});
