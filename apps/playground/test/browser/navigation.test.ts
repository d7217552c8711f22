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

describe('each panel keeps its own URL state', () => {
  const hashKeys = () => [...new URLSearchParams(location.hash.slice(1)).keys()].sort();
  const hashValue = (key: string) => new URLSearchParams(location.hash.slice(1)).get(key);
  const control = <T extends HTMLElement>(app: HTMLElement, id: string) =>
    app.querySelector<T>(`#${id}`)!;

  it('switching panels carries no keys across; a panel switched back to shows its own inputs', async () => {
    const app = openPanel('panel=vectorizer&vl=8');
    stop = followHash(app);
    await userEvent.click(page.getByRole('link', { name: 'Sparse' }));
    expect(shownPanel(app)).toBe('panel-sparse');
    // Only the Sparse panel's keys: none of the Vectorizer's (vl, ex).
    expect(hashKeys()).toEqual(['backend', 'expr', 'formats', 'n', 'panel']);
    const sparseBackend = control<HTMLSelectElement>(app, 'sparse-backend');
    expect(sparseBackend.value).toBe('cpu');
    await userEvent.selectOptions(sparseBackend, 'webgl');
    expect(hashValue('backend')).toBe('webgl');
    // The Kernels panel has a backend too: it does not take the Sparse panel's.
    await userEvent.click(page.getByRole('link', { name: 'Kernels' }));
    expect(hashKeys()).toEqual(['panel']);
    expect(control<HTMLSelectElement>(app, 'kernel-backend').value).toBe('cpu');
    await userEvent.click(page.getByRole('link', { name: 'Vectorizer' }));
    expect(control<HTMLInputElement>(app, 'mlir-vl').value).toBe('8');
    expect(hashValue('vl')).toBe('8');
    expect(hashValue('backend')).toBeNull();
    await userEvent.click(page.getByRole('link', { name: 'Sparse' }));
    expect(control<HTMLSelectElement>(app, 'sparse-backend').value).toBe('webgl');
    expect(hashValue('vl')).toBeNull();
    history.back();
    await expect.poll(() => shownPanel(app)).toBe('panel-vectorizer');
    expect(control<HTMLInputElement>(app, 'mlir-vl').value).toBe('8');
  });

  it("an edit arriving from a panel already left does not reach the shown panel's URL", async () => {
    const app = openPanel('panel=sparse&backend=cpu');
    stop = followHash(app);
    const expr = control<HTMLInputElement>(app, 'sparse-expr');
    await userEvent.click(page.getByRole('link', { name: 'Layout' }));
    const layoutHash = location.hash;
    // The detached Sparse field's late change event (a blur on removal does this).
    expr.value = 'z(i) = A(i,j) * x(j)';
    expr.dispatchEvent(new Event('change'));
    expect(location.hash).toBe(layoutHash);
    // ...but the Sparse panel remembers it when it is shown again.
    await userEvent.click(page.getByRole('link', { name: 'Sparse' }));
    expect(control<HTMLInputElement>(app, 'sparse-expr').value).toBe('z(i) = A(i,j) * x(j)');
  });

  it('a link without a panel name opens the Layout panel with its inputs', () => {
    const shape = 'f32[4,8]{1,0:T(2,4)(2,1)}';
    const app = openPanel(`shape=${encodeURIComponent(shape)}`);
    expect(shownPanel(app)).toBe('panel-layout');
    expect(control<HTMLInputElement>(app, 'layout-shape').value).toBe(shape);
    expect(hashValue('panel')).toBe('layout');
  });
});

describe('long MLIR lines', () => {
  it('scroll sideways in the source and the output instead of wrapping or widening the page', () => {
    const args = Array.from({ length: 24 }, (_, k) => `%a${k}: memref<?xf32>`).join(', ');
    const mlir = `func.func @wide(${args}) {\n  return\n}\n`;
    const app = openPanel(`panel=vectorizer&mlir=${encodeURIComponent(mlir)}`);
    app.querySelector<HTMLDetailsElement>('details.generated-code')!.open = true;
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
    const match =
      /^relayout (\d+(?:\.\d+)?) (ms|µs) per call \(median of \d+ samples \(≥ \d+ ms each, \d+ calls in all\) after \d+ warm-up calls\); tf stock pad\/reshape\/transpose (\d+(?:\.\d+)?) (ms|µs) per call \(median of \d+ samples .*\); each call's result read back \(await data\(\)\), on cpu\./.exec(
        timing(),
      );
    expect(match, timing()).not.toBeNull();
    expect(Number(match![1])).toBeGreaterThan(0);
    expect(Number(match![3])).toBeGreaterThan(0);
  });
});
