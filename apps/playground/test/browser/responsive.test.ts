import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { openPanel } from './page.ts';

describe('phone-size viewport', () => {
  it.each(['layout', 'kernels', 'vectorizer', 'sparse'])(
    '%s: the page does not scroll sideways at 390 px',
    async (panel) => {
      await page.viewport(390, 844);
      try {
        openPanel(`panel=${panel}`);
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
