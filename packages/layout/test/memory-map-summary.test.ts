/**
 * `overflow: 'summary'`: a panel over maxCells draws its top-left window,
 * marked as elided, with every shown cell at its true offset (checked against linearIndex).
 */

import { gridOffsets } from '@tilekit/test-support/text-grid';
import { describe, expect, it } from 'vitest';
import { LayoutValidationError, linearIndex, renderMemoryMap } from '../src/index.js';
import { memoryMapModel } from '../src/render/model.js';
import { xmlProblems } from './support/xml.js';

const BIG = 'f32[4096,4096]{1,0:T(8,128)}';

/** linearIndex of each cell of the top-left rows x cols window of a 2-D shape. */
const expectedWindow = (shape: string, rows: number, cols: number, leading: number[] = []) =>
  Array.from({ length: rows }, (_, row) =>
    Array.from({ length: cols }, (_, col) => linearIndex(shape, [...leading, row, col])),
  );

describe("memory maps with overflow: 'summary'", () => {
  it('the model keeps a top-left window within maxCells, offsets from linearIndex', () => {
    const model = memoryMapModel(BIG, { overflow: 'summary' });
    const [panel] = model.panels;
    expect(panel).toMatchObject({ rows: 64, cols: 64, totalRows: 4096, totalCols: 4096 });
    const offsets = Array.from({ length: 64 }, (_, row) =>
      panel!.cells.slice(row * 64, row * 64 + 64).map((cell) => cell.offset),
    );
    expect(offsets).toEqual(expectedWindow(BIG, 64, 64));
  });

  it('gives the budget one axis cannot use to the other', () => {
    const model = memoryMapModel('f32[3,100000]', { overflow: 'summary', maxCells: 300 });
    expect(model.panels[0]).toMatchObject({ rows: 3, cols: 100, totalCols: 100000 });
    const tall = memoryMapModel('f32[100000,2]', { overflow: 'summary', maxCells: 300 });
    expect(tall.panels[0]).toMatchObject({ rows: 150, cols: 2, totalRows: 100000 });
  });

  it('text: the window, an elided row and column, and what is shown of what', () => {
    const text = renderMemoryMap(BIG, { format: 'text', overflow: 'summary', maxCells: 256 });
    expect(gridOffsets(text)).toEqual(expectedWindow(BIG, 16, 16));
    expect(text).toContain('showing 16x16 of 4096x4096');
    expect(text).toMatch(/ \| \.\.\.$/m); // cells continue to the right
    expect(text).toMatch(/^ *⋮ \|/m); // rows continue below
  });

  it('svg: well-formed, the window cells with their offsets, elision marks and note', () => {
    const svg = renderMemoryMap(BIG, { format: 'svg', overflow: 'summary', maxCells: 256 });
    expect(xmlProblems(svg)).toEqual([]);
    const offsets = [...svg.matchAll(/<rect class="cell"[^>]*data-offset="(\d+)"/g)].map((m) =>
      Number(m[1]),
    );
    expect(offsets).toEqual(expectedWindow(BIG, 16, 16).flat());
    expect(svg).toContain('showing 16x16 of 4096x4096');
    expect(svg).toContain('class="elided"');
  });

  it('summarises every panel of a higher-rank shape the same way', () => {
    const shape = 'f32[2,300,300]{2,1,0:T(8,128)}';
    const model = memoryMapModel(shape, { overflow: 'summary', maxCells: 100 });
    expect(model.panels).toHaveLength(2);
    model.panels.forEach((panel, p) => {
      expect(panel.cells.map((cell) => cell.offset)).toEqual(
        expectedWindow(shape, 10, 10, [p]).flat(),
      );
    });
  });

  it('draws a panel that fits exactly as before, with no elision, under either setting', () => {
    const plain = renderMemoryMap('f32[3,5]{1,0:T(2,2)}', { format: 'text' });
    const summary = renderMemoryMap('f32[3,5]{1,0:T(2,2)}', {
      format: 'text',
      overflow: 'summary',
    });
    expect(summary).toBe(plain);
    expect(summary).not.toContain('showing');
  });

  it('an overflow other than error or summary is a typed error', () => {
    const call = () => renderMemoryMap('f32[3]', { format: 'text', overflow: 'clip' as 'summary' });
    expect(call).toThrow(LayoutValidationError);
    expect(call).toThrow("options.overflow: expected 'error' or 'summary'");
  });
});
