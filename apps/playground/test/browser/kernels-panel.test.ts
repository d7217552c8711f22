import * as tf from '@tensorflow/tfjs-core';
import { seededRandom } from '@tilekit/conformance/testing';
import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { figure1Offset, openPanel } from './page.ts';

/** The README's TSCATTER index row, the panel's default. */
const SCATTER_IDX = '15 0 3 3 8 9 10 11';

/** Clicks Run and waits until the panel shows that run's result or error. */
async function runShown(app: HTMLElement): Promise<void> {
  await userEvent.click(page.getByRole('button', { name: 'Run' }));
  await expect
    .poll(() => app.querySelector<HTMLElement>('.kernel-results')!.dataset.state)
    .toBe('done');
}

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

  it('an error replaces the previous result: no buffers, duplicates or timing of the earlier run', async () => {
    await tf.setBackend('cpu');
    const before = tf.memory().numTensors;
    const app = openPanel('panel=kernels&backend=cpu');
    await runShown(app);
    expect(app.querySelectorAll('[data-result]')).toHaveLength(3);
    expect(app.querySelector('.timing')!.textContent).not.toBe('');
    for (const [id, bad, error] of [
      ['#kernel-shape', 'f32[3,5]{1,0:T(0,2)}', /^Layout(Syntax|Validation)Error/],
      ['#kernel-shape', 'f32[3,5]{1,0:T(2,2)}', null],
      ['#kernel-idx', '15 0 3', /Error/],
    ] as const) {
      app.querySelector<HTMLInputElement>(id)!.value = bad;
      await runShown(app);
      if (error === null) {
        expect(app.querySelector('[role=alert]')).toBeNull();
        continue;
      }
      expect(app.querySelector('[role=alert]')!.textContent).toMatch(error);
      expect(app.querySelector('[data-result], .dst, .duplicates')).toBeNull();
      expect(app.querySelector('.timing')!.textContent).toBe('');
    }
    expect(tf.memory().numTensors).toBe(before);
  });

  it('random sequences of good and bad inputs show exactly the last run’s result or error', async () => {
    const random = seededRandom(7);
    const shapes = [
      ['f32[3,5]{1,0:T(2,2)}', 15],
      ['f32[4,8]{1,0:T(2,4)(2,1)}', 32],
      ['f32[6]{0:T(4)}', 6],
      ['f32[3,5]{1,0:T(0,2)}', 0],
      ['f32[3,5', 0],
    ] as const;
    const rows = [
      [SCATTER_IDX, true],
      ['0 1 2 3 4 5 6 7', true],
      ['15 0 3', false],
    ] as const;
    const app = openPanel('panel=kernels&backend=cpu');
    for (let step = 0; step < 8; step++) {
      const [shape, size] = shapes[Math.floor(random() * shapes.length)]!;
      const [idx, idxOk] = rows[Math.floor(random() * rows.length)]!;
      app.querySelector<HTMLInputElement>('#kernel-shape')!.value = shape;
      app.querySelector<HTMLInputElement>('#kernel-idx')!.value = idx;
      await runShown(app);
      const ok = size > 0 && idxOk;
      const label = `${step}: ${shape} / ${idx}`;
      expect(app.querySelectorAll('[role=alert]').length, label).toBe(ok ? 0 : 1);
      expect(app.querySelectorAll('[data-result]').length, label).toBe(ok ? 3 : 0);
      expect(app.querySelector('.timing')!.textContent === '', label).toBe(!ok);
      if (ok)
        expect(app.querySelector('[data-result="unrelayout"]')!.textContent).toBe(
          Array.from({ length: size }, (_, k) => k + 1).join(' '),
        );
    }
  });

  it('matches its screenshot (results only: timings are not captured)', async () => {
    const app = openPanel('panel=kernels&backend=cpu');
    await userEvent.click(page.getByRole('button', { name: 'Run' }));
    await expect
      .poll(() => app.querySelector<HTMLElement>('.kernel-results')!.dataset.state)
      .toBe('done');
    await expect.element(page.getByTestId('kernel-results')).toMatchScreenshot('kernels-panel');
  });
});
