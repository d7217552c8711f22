/**
 * The thread pool's browser suite (test/browser-threads) in headless Chromium, on a page served
 * cross-origin isolated (COOP/COEP), where SharedArrayBuffer and module workers are available.
 */
import { defineConfig } from 'vitest/config';
import { browserTestOptions } from '../../tools/vitest/browser-config.ts';
import { BROWSER_CONDITIONS } from '../../tools/vitest/browser-environment.ts';

const ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

export default defineConfig({
  resolve: { conditions: BROWSER_CONDITIONS },
  server: { headers: ISOLATED },
  // Prebundled before the first test, so the page is not reloaded while it runs.
  optimizeDeps: { include: ['fast-check'] },
  test: browserTestOptions({
    include: ['test/browser-threads/**/*.test.ts'],
    jsonReport: '.tmp/vitest-threads-report.json',
    chromiumArgs: [],
  }),
});
