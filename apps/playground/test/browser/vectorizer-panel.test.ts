import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { openPanel } from './page.ts';

const reportLines = (app: HTMLElement) =>
  [...app.querySelectorAll('.report li')].map((li) => li.textContent);

describe('Vectorizer panel', () => {
  it('vectorizes the preloaded reduction, reports it, and the wasm runs agree', () => {
    const app = openPanel('panel=vectorizer&vl=4');
    expect(reportLines(app)).toEqual([
      '@red_add_f32 loop 0 (depth 0): vectorized, reduction <add>',
    ]);
    const out = app.querySelector('.mlir-out')!.textContent!;
    expect(out).toContain('vector<4xf32>');
    expect(out).toContain('vector.reduction <add>');
    expect(app.querySelector<HTMLElement>('.comparison')!.dataset.same).toBe('true');
    // red_add_f32(a, init = 1.5, n = 16) with a[k] = (k % 9) / 4 - 1: exact quarters in f32.
    let sum = 1.5;
    for (let k = 0; k < 16; k++) sum += (k % 9) / 4 - 1;
    const [scalarResult, vectorResult] = [
      ...app.querySelectorAll('.comparison tbody tr'),
    ][0]!.querySelectorAll('td:not(:first-child)');
    expect(Number(scalarResult!.textContent)).toBe(sum);
    expect(Number(vectorResult!.textContent)).toBe(sum);
  });

  it('VLA makes the vectors scalable; a rejected loop says why', async () => {
    const app = openPanel('panel=vectorizer&vl=8&vla=1');
    expect(app.querySelector('.mlir-out')!.textContent).toContain('vector<[8]xf32>');
    await userEvent.selectOptions(
      page.getByLabelText('Example from the corpus'),
      'scalar_cmp_select (not vectorized)',
    );
    const [line] = reportLines(app);
    expect(line).toMatch(/left scalar \[unsupported-op\]/);
    // An example is shared by name; pasted text by itself.
    const state = new URLSearchParams(location.hash.slice(1));
    expect(state.get('ex')).toBe('scalar_cmp_select (not vectorized)');
    expect(state.get('mlir')).toBeNull();
  });

  it('bad MLIR shows the parse error', async () => {
    const app = openPanel('panel=vectorizer');
    await userEvent.fill(page.getByLabelText('MLIR input'), 'func.func @f( {');
    (app.querySelector('#mlir-source') as HTMLTextAreaElement).dispatchEvent(new Event('change'));
    expect(app.querySelector('[role=alert]')!.textContent).toMatch(/^MlirParseError/);
    expect(new URLSearchParams(location.hash.slice(1)).get('mlir')).toBe('func.func @f( {');
  });

  it('matches its screenshot', async () => {
    openPanel('panel=vectorizer&vl=4');
    await expect
      .element(page.getByRole('region', { name: 'Vectorizer' }))
      .toMatchScreenshot('vectorizer-panel');
  });
});
