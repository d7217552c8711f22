#!/usr/bin/env node
/**
 * Writes the README's screenshots at 1280 px, in Debian's Chromium (CHROMIUM_PATH or
 * /usr/bin/chromium) against the Vite dev server:
 * - docs/playground.png: the Layout panel on the seed's Figure 2 with element (2,3) focused;
 * - docs/sparse-panel.png: the Sparse panel's default spmv on the cpu backend, once it has run.
 *
 * Usage: node apps/playground/scripts/readme-screenshot.mjs
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { createServer } from 'vite';

const app = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = await createServer({ root: app, configFile: join(app, 'vite.config.ts') });
await server.listen(0);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
  const url = server.resolvedUrls.local[0];
  const shape = encodeURIComponent('F32[4,8]{1,0:(2,4)(2,1)}');
  await page.goto(`${url}#panel=layout&shape=${shape}`);
  await page.locator('.elem[data-index="2,3"]').focus();
  await page.screenshot({ path: join(app, 'docs', 'playground.png'), fullPage: true });

  const sparse = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await sparse.goto(`${url}#panel=sparse&backend=cpu&n=6`);
  await sparse.locator('.sparse-result[data-state="done"] .sparse-run').waitFor();
  await sparse.screenshot({ path: join(app, 'docs', 'sparse-panel.png'), fullPage: true });
} finally {
  await browser.close();
  await server.close();
}
