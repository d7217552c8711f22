import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { openPanel } from './page.ts';

describe('phone-size viewport', () => {
  it.each(['layout', 'kernels', 'vectorizer', 'sparse'])(
    '%s: the page does not scroll sideways at 390 px',
    async (panel) => {
      await page.viewport(390, 844);
      try {
        const app = openPanel(`panel=${panel}`);
        // The Sparse panel's pictures arrive with its run: measure once they are there.
        const run = app.querySelector<HTMLElement>('.sparse-result');
        if (run !== null) {
          await expect.poll(() => run.dataset.state, { timeout: 60_000 }).toBe('done');
          expect(run.querySelector('figure svg')).not.toBeNull();
        }
        expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(390);
        // Every control has an accessible name.
        for (const control of document.querySelectorAll('input, select, textarea')) {
          expect(control.closest('label')?.textContent?.trim()).toBeTruthy();
        }
      } finally {
        await page.viewport(1280, 900);
      }
    },
  );
});
