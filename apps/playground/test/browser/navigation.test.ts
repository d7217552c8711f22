/**
 * Following the URL: nav clicks add history entries, back/forward and an edited hash switch the
 * panel; long MLIR lines scroll inside their boxes; the timing line of a tiny example says its
 * times are per-call overhead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { OVERHEAD_NOTE } from '../../src/kernels-panel.ts';
import { followHash } from '../../src/main.ts';
import { openPanel } from './page.ts';

const shownPanel = (app: HTMLElement) => app.querySelector('section')?.id;
let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
});

describe('the URL hash drives the panels', () => {
  it('nav clicks push entries; back and forward switch panels back and forth', async () => {
    const app = openPanel('panel=layout');
    stop = followHash(app);
    await userEvent.click(page.getByRole('link', { name: 'Kernels' }));
    expect(shownPanel(app)).toBe('panel-kernels');
    await userEvent.click(page.getByRole('link', { name: 'Vectorizer' }));
    expect(shownPanel(app)).toBe('panel-vectorizer');
    history.back();
    await expect.poll(() => shownPanel(app)).toBe('panel-kernels');
    expect(new URLSearchParams(location.hash.slice(1)).get('panel')).toBe('kernels');
    history.back();
    await expect.poll(() => shownPanel(app)).toBe('panel-layout');
    history.forward();
    await expect.poll(() => shownPanel(app)).toBe('panel-kernels');
  });

  it('an edited hash or a followed link shows its panel with its state', async () => {
    const app = openPanel('panel=layout');
    stop = followHash(app);
    location.hash = '#panel=vectorizer&vl=4';
    await expect.poll(() => shownPanel(app)).toBe('panel-vectorizer');
    location.hash = `#panel=layout&shape=${encodeURIComponent('f32[4,8]{1,0:T(2,4)(2,1)}')}`;
    await expect.poll(() => shownPanel(app)).toBe('panel-layout');
    expect(app.querySelector<HTMLInputElement>('input[type=text]')!.value).toBe(
      'f32[4,8]{1,0:T(2,4)(2,1)}',
    );
  });
});

describe('long MLIR lines', () => {
  it('scroll sideways in the source and the output instead of wrapping or widening the page', () => {
    const args = Array.from({ length: 24 }, (_, k) => `%a${k}: memref<?xf32>`).join(', ');
    const mlir = `func.func @wide(${args}) {\n  return\n}\n`;
    const app = openPanel(`panel=vectorizer&mlir=${encodeURIComponent(mlir)}`);
    for (const box of [
      app.querySelector<HTMLElement>('#mlir-source')!,
      app.querySelector<HTMLElement>('.mlir-out')!,
    ]) {
      expect(getComputedStyle(box).whiteSpace).toBe('pre');
      expect(box.scrollWidth).toBeGreaterThan(box.clientWidth);
    }
    expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  });
});

describe('the timing line', () => {
  it('on the tiny default example, says the times are per-call overhead', async () => {
    const app = openPanel('panel=kernels&backend=cpu');
    await userEvent.click(page.getByRole('button', { name: 'Run' }));
    const timing = () => app.querySelector('.timing')!.textContent ?? '';
    await expect.poll(timing).toContain(OVERHEAD_NOTE);
    expect(timing()).toMatch(
      /^relayout \d+\.\d\d ms; tf stock pad\/reshape\/transpose \d+\.\d\d ms/,
    );
  });
});
