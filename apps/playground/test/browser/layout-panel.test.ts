import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { figure1Offset, figure2Offset, openPanel } from './page.ts';

const cellAt = (app: HTMLElement, index: string) =>
  app.querySelector<HTMLButtonElement>(`.elem[data-index="${index}"]`)!;
const slotAt = (app: HTMLElement, offset: number) =>
  app.querySelector<HTMLButtonElement>(`.mem-slot[data-offset="${offset}"]`)!;
const litSlots = (app: HTMLElement) =>
  [...app.querySelectorAll<HTMLElement>('.mem-slot.lit')].map((s) => Number(s.dataset.offset));
const litCells = (app: HTMLElement) =>
  [...app.querySelectorAll<HTMLElement>('.elem.lit')].map((c) => c.dataset.index);

describe('Layout panel', () => {
  it.each([
    ['Figure 1', 'F32[3,5]{1,0:(2,2)}', 3, 5, figure1Offset, 24],
    ['Figure 2', 'F32[4,8]{1,0:(2,4)(2,1)}', 4, 8, figure2Offset, 32],
  ])(
    '%s: every element shows the seed offset and hover maps it to its slot and back',
    async (_, shape, rows, cols, reference, slots) => {
      const app = openPanel(`panel=layout&shape=${encodeURIComponent(shape)}`);
      expect(app.querySelectorAll('.mem-slot')).toHaveLength(slots);
      for (let i = 0; i < rows; i++) {
        for (let j = 0; j < cols; j++) {
          const cell = cellAt(app, `${i},${j}`);
          expect(Number(cell.dataset.offset)).toBe(reference(i, j));
          await userEvent.hover(cell);
          expect(litSlots(app)).toEqual([reference(i, j)]);
          await userEvent.hover(slotAt(app, reference(i, j)));
          expect(litCells(app)).toEqual([`${i},${j}`]);
        }
      }
    },
  );

  it('a padding slot lights no element, and keyboard focus behaves like hover', async () => {
    const app = openPanel('panel=layout&shape=F32[3,5]{1,0:(2,2)}');
    // Figure 1: offset 9 is the padding right of (0,4).
    await userEvent.hover(slotAt(app, 9));
    expect(litCells(app)).toEqual([]);
    expect(app.querySelector('.readout')!.textContent).toBe('slot 9: padding');
    cellAt(app, '2,2').focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(cellAt(app, '2,3'));
    expect(litSlots(app)).toEqual([figure1Offset(2, 3)]);
  });

  it('shows sizes: physical slots vs XLA ArraySize, and the pad-reshape-transpose plan', () => {
    const app = openPanel('panel=layout&shape=F32[4,8]{1,0:(2,4)(3,1)}');
    const text = app.querySelector('.sizes')!.textContent!;
    // The README's example: 48 slots with every tile's padding, 32 elements per ArraySize.
    expect(text).toContain('physical slots (physicalElementCount)48');
    expect(text).toContain('XLA ArraySize32 elements, 128 bytes');
    const plan = [...app.querySelectorAll('.plan li')].map((li) => li.textContent!.split(' ')[0]);
    expect(plan[0]).toBe('reshape');
    expect(plan).toContain('transpose');
  });

  it('a bad layout shows the typed error with a caret at the offending character', async () => {
    const app = openPanel('panel=layout');
    const input = page.getByLabelText(/Shape and layout/);
    const bad = 'f32[3,5]{1,0:T(2,x)}';
    await userEvent.fill(input, bad);
    const caret = app.querySelector<HTMLElement>('.caret')!;
    expect(app.querySelector('[role=alert]')!.textContent).toMatch(/^LayoutSyntaxError/);
    expect(Number(caret.dataset.offset)).toBe(bad.indexOf('x'));
    expect(caret.textContent!.split('\n')[1]!.indexOf('^')).toBe(bad.indexOf('x'));
    expect(new URLSearchParams(location.hash.slice(1)).get('shape')).toBe(bad);
  });

  it('matches its screenshot (Figure 2)', async () => {
    openPanel('panel=layout&shape=F32[4,8]{1,0:(2,4)(2,1)}');
    await expect
      .element(page.getByRole('region', { name: 'Layout' }))
      .toMatchScreenshot('layout-panel');
  });
});
