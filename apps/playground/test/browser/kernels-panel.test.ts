import * as tf from '@tensorflow/tfjs-core';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { figure1Offset, openPanel } from './page.ts';

/** Runs the panel on `backend` and returns the text of every result. */
async function runOn(backend: string): Promise<Record<string, string>> {
  const app = openPanel(`panel=kernels&backend=${backend}`);
  await userEvent.click(page.getByRole('button', { name: 'Run' }));
  await expect
    .poll(() => app.querySelector<HTMLElement>('.kernel-results')!.dataset.state)
    .toBe('done');
  expect(app.querySelector('[role=alert]')).toBeNull();
  expect(app.querySelector('.status')!.textContent).toBe(`ran on ${backend}`);
  return Object.fromEntries(
    [...app.querySelectorAll<HTMLElement>('[data-result]')].map((e) => [
      e.dataset.result,
      e.textContent!,
    ]),
  );
}

describe('Kernels panel', () => {
  it('cpu: relayout of Figure 1 matches the seed offsets, unrelayout inverts it, tscatter last writer wins', async () => {
    const results = await runOn('cpu');
    const expected = new Array<number>(24).fill(0);
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 5; j++) expected[figure1Offset(i, j)] = i * 5 + j + 1;
    expect(results.relayout).toBe(expected.join(' '));
    expect(results.unrelayout).toBe(Array.from({ length: 15 }, (_, k) => k + 1).join(' '));
    // idx 15 0 3 3 8 9 | 10 11 (validCol 6): src 10..60 land at those offsets, 40 after 30 at 3.
    const dst = new Array<number>(16).fill(0);
    [15, 0, 3, 3, 8, 9].forEach((offset, k) => {
      dst[offset] = (k + 1) * 10;
    });
    expect(results.tscatter).toBe(dst.join(' '));
    const duplicate = document.querySelector<HTMLElement>('.dst.duplicate')!;
    expect(duplicate.dataset.offset).toBe('3');
    expect(duplicate.title).toContain('the last, (0,3), wins');
    expect(document.querySelector('.duplicates')!.textContent).toBe(
      'offset 3: 2 writers, winner src(0,3) = 40',
    );
  });

  it('webgl gives the cpu answer', async () => {
    const before = tf.memory().numTensors;
    const cpu = await runOn('cpu');
    const webgl = await runOn('webgl');
    expect(webgl).toEqual(cpu);
    expect(tf.memory().numTensors).toBe(before);
  });

  it('webgpu gives the cpu answer', async () => {
    expect('gpu' in navigator).toBe(true);
    const cpu = await runOn('cpu');
    const webgpu = await runOn('webgpu');
    expect(webgpu).toEqual(cpu);
  });

  it('a bad layout shows the typed error and leaks no tensor', async () => {
    await tf.setBackend('cpu');
    const before = tf.memory().numTensors;
    const app = openPanel('panel=kernels&backend=cpu&kshape=f32[3,5]{1,0:T(0,2)}');
    await userEvent.click(page.getByRole('button', { name: 'Run' }));
    await expect
      .poll(() => app.querySelector<HTMLElement>('.kernel-results')!.dataset.state)
      .toBe('done');
    expect(app.querySelector('[role=alert]')!.textContent).toMatch(
      /^Layout(Syntax|Validation)Error/,
    );
    expect(tf.memory().numTensors).toBe(before);
  });

  it('matches its screenshot (results only: timings are not captured)', async () => {
    const app = openPanel('panel=kernels&backend=cpu');
    await userEvent.click(page.getByRole('button', { name: 'Run' }));
    await expect
      .poll(() => app.querySelector<HTMLElement>('.kernel-results')!.dataset.state)
      .toBe('done');
    await expect.element(page.getByTestId('kernel-results')).toMatchScreenshot('kernels-panel', {
      comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.01 },
    });
  });
});
