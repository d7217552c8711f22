import { gridRows } from '@tilekit/test-support/text-grid';
import { describe, expect, it } from 'vitest';
import { renderMemoryMap } from '../src/index.js';
import { xmlProblems } from './support/xml.js';

/** Hand-derived offsets of the seed's figures (see seed-figures.test.ts for the derivations). */
const FIGURE1 = [
  [0, 1, 4, 5, 8],
  [2, 3, 6, 7, 10],
  [12, 13, 16, 17, 20],
];
const FIGURE2 = [
  [0, 2, 4, 6, 8, 10, 12, 14],
  [1, 3, 5, 7, 9, 11, 13, 15],
  [16, 18, 20, 22, 24, 26, 28, 30],
  [17, 19, 21, 23, 25, 27, 29, 31],
];

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

describe('renderMemoryMap text', () => {
  it('puts Figure 1 offsets in their cells and marks the padding', () => {
    const text = renderMemoryMap('F32[3,5]{1,0:(2,2)}', { format: 'text' });
    expect(text.split('\n')[0]).toBe('f32[3,5]{1,0:T(2,2)}');
    // 3 logical rows padded to 4, 5 columns padded to 6.
    expect(gridRows(text)).toEqual([
      [...FIGURE1[0]!.map(String), '.'],
      [...FIGURE1[1]!.map(String), '.'],
      [...FIGURE1[2]!.map(String), '.'],
      ['.', '.', '.', '.', '.', '.'],
    ]);
    // Tile boundaries: 2 tile rows -> 3 horizontal rules; 3 tile columns -> 4 bars per row.
    expect(count(text, /^\s+\+[-+]+\+$/gm)).toBe(3);
    expect(
      text
        .split('\n')
        .find((line) => line.startsWith(' 0 |'))
        ?.split('|'),
    ).toHaveLength(5);
    expect(text).toContain('memory (24 slots)');
    expect(text).toContain('17:(2,3)');
    expect(count(text, /\d+:pad/g)).toBe(9);
  });

  it('puts Figure 2 offsets in their cells', () => {
    const text = renderMemoryMap('f32[4,8]{1,0:T(2,4)(2,1)}', { format: 'text' });
    expect(gridRows(text)).toEqual(FIGURE2.map((row) => row.map(String)));
    expect(text).toContain('1:(1,0)');
  });

  it('draws one panel per leading index for rank 3 and the L tail in the strip', () => {
    const text = renderMemoryMap('f32[2,2,3]{2,1,0:L(16)}', { format: 'text' });
    expect(text).toContain('[0, :, :]');
    expect(text).toContain('[1, :, :]');
    // Untiled row-major: panel 1 starts at 6.
    expect(gridRows(text)).toEqual([
      ['0', '1', '2'],
      ['3', '4', '5'],
      ['6', '7', '8'],
      ['9', '10', '11'],
    ]);
    expect(count(text, /\d+:pad/g)).toBe(4);
  });

  it('draws a 1-D shape as one row', () => {
    const text = renderMemoryMap('f32[5]{0:T(2)}', { format: 'text' });
    expect(gridRows(text)).toEqual([['0', '1', '2', '3', '4', '.']]);
  });
});

describe('renderMemoryMap svg', () => {
  it('is well-formed and has one cell per element, padding cells and the memory strip', () => {
    const svg = renderMemoryMap('f32[3,5]{1,0:T(2,2)}', { format: 'svg' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(count(svg, /<rect class="cell"/g)).toBe(15);
    expect(count(svg, /<rect class="pad"/g)).toBe(4 * 6 - 15);
    expect(count(svg, /<rect class="slot( pad)?"/g)).toBe(24);
    expect(count(svg, /<rect class="slot pad"/g)).toBe(9);
    const cellOffsets = [...svg.matchAll(/<rect class="cell"[^>]*data-offset="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(cellOffsets).toEqual(FIGURE1.flat());
    // One colour per outermost tile: 6 tiles, all distinct in the palette.
    const fills = new Set(
      [...svg.matchAll(/<rect class="cell"[^>]*fill="(#[0-9a-f]+)"/g)].map((m) => m[1]),
    );
    expect(fills.size).toBe(6);
  });

  it('outlines Figure 2 tiles and its 2x1 sub-tiles', () => {
    const svg = renderMemoryMap('f32[4,8]{1,0:T(2,4)(2,1)}', { format: 'svg' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(count(svg, /<rect class="cell"/g)).toBe(32);
    // Border 8+8+4+4 plus between tiles 4 (vertical) + 8 (horizontal).
    expect(count(svg, /class="tile-edge"/g)).toBe(36);
    // Inside each of the 4 tiles: 3 column boundaries x 2 rows separate the 2x1 sub-tiles.
    expect(count(svg, /class="subtile-edge"/g)).toBe(24);
  });

  it('escapes the shape text', () => {
    const svg = renderMemoryMap('f32[<=3]', { format: 'svg' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain('f32[&lt;=3]{0}');
    // Titled and described for screen readers (and Biome's noSvgWithoutTitle).
    expect(svg).toMatch(
      /^<svg [^>]* role="img" aria-labelledby="memory-map-title memory-map-desc">\n<title id="memory-map-title">f32\[&lt;=3\]\{0\}<\/title>\n<desc id="memory-map-desc">Memory map of f32\[&lt;=3\]\{0\}: [^<]*<\/desc>\n/,
    );
  });
});
