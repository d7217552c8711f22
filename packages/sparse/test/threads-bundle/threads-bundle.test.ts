/**
 * The built `@tilekit/sparse/threads` in an app a bundler builds for the browser: a Vite
 * production build of a page importing the package's entries (as an app installs them) keeps
 * Node's worker starter out (the manifest's `browser` field) and emits the module worker the
 * pool starts (`new URL('./pool-worker-browser.js', import.meta.url)`). Served cross-origin
 * isolated to headless Debian Chromium, the pool has two threads, a worker runs blocks, and
 * SpMV on the pool equals `runKernel` on the page's thread over a seeded random matrix. On Vite's
 * dev server with the package prebundled (as an installed dependency is), whose bundle lacks the
 * worker file, a call fails with a pool error saying what to do. Run by this package's
 * `pack-check`, after the build.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, createServer as createViteServer } from 'vite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_CHROMIUM_PATH } from '../../../../tools/vitest/browser-environment.ts';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const repoRoot = join(packageDir, '..', '..');
const ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};
const appDir = join(packageDir, '.tmp', 'threads-app');
const outDir = join(appDir, 'dist');

/** The app: a seeded random CSR matrix, SpMV on a 2-thread pool until a worker runs a block. */
const MAIN = `
import { runKernel, SparseTensor } from '@tilekit/sparse';
import { SparseThreadPool } from '@tilekit/sparse/threads';
let seed = 12345;
const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
const result = {};
try {
  const pool = await SparseThreadPool.create({ threads: 2, minBlockWork: 0 });
  result.threads = pool.threads;
  result.unavailable = pool.unavailable ?? null;
  const spmv = pool.kernel('y(i) = A(i,j) * x(j)', { A: 'CSR' }, { valueType: 'f64' });
  const n = 3000;
  const coordinates = [];
  const values = [];
  for (let i = 0; i < n; i++) {
    for (let e = 0; e < 12; e++) {
      coordinates.push([i, Math.floor(next() * n)]);
      values.push(next() * 2 - 1);
    }
  }
  const A = SparseTensor.fromCoordinates(coordinates, values, [n, n], 'CSR', { dtype: 'float64' });
  const operands = { A, x: { data: Float64Array.from({ length: n }, () => next()), shape: [n] } };
  const expected = Array.from(runKernel(spmv.kernel, spmv.fn, operands));
  result.workerBlocks = 0;
  result.equal = true;
  for (let call = 0; call < 500 && result.workerBlocks === 0; call++) {
    const y = spmv.run(operands);
    result.equal &&= y.every((v, i) => Object.is(v, expected[i]));
    result.workerBlocks += spmv.lastCallWorkerBlocks;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await pool.dispose();
} catch (error) {
  result.error = String(error?.stack ?? error);
}
window.result = result;
`;

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
};

let server: Server;

beforeAll(async () => {
  rmSync(appDir, { recursive: true, force: true });
  mkdirSync(appDir, { recursive: true });
  writeFileSync(
    join(appDir, 'index.html'),
    '<!doctype html><html><body><script type="module" src="./main.js"></script></body></html>',
  );
  writeFileSync(join(appDir, 'main.js'), MAIN);
  await build({
    root: appDir,
    configFile: false,
    logLevel: 'error',
    build: { outDir, target: 'es2022', emptyOutDir: true },
  });
  // Cross-origin isolated: SharedArrayBuffer and the pool's shared memory.
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const file = normalize(join(outDir, path === '/' ? 'index.html' : path));
    if (!file.startsWith(outDir)) {
      response.writeHead(404).end();
      return;
    }
    try {
      const body = readFileSync(file);
      response.writeHead(200, {
        'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
        ...ISOLATED,
      });
      response.end(body);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(() => {
  server?.close();
  rmSync(appDir, { recursive: true, force: true });
});

/** The `result` the app's page at `url` sets, and the page's uncaught errors. */
async function pageResult(url: string): Promise<{ result: unknown; errors: string[] }> {
  const browser = await chromium.launch({ executablePath: DEFAULT_CHROMIUM_PATH, headless: true });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(url);
    await page.waitForFunction(() => 'result' in window, null, { timeout: 60_000 });
    const result = await page.evaluate(() => (window as unknown as { result: unknown }).result);
    return { result, errors };
  } finally {
    await browser.close();
  }
}

it('runs SpMV on a pool whose worker the bundle started, equal to runKernel', async () => {
  const { port } = server.address() as AddressInfo;
  const { result, errors } = await pageResult(`http://127.0.0.1:${port}/`);
  expect(errors).toEqual([]);
  expect(result).toMatchObject({ threads: 2, unavailable: null, equal: true });
  expect((result as { workerBlocks: number }).workerBlocks).toBeGreaterThan(0);
}, 120_000);

it("says what to do where a dev server's prebundled dependency lacks the worker", async () => {
  const dev = await createViteServer({
    root: appDir,
    configFile: false,
    logLevel: 'silent',
    cacheDir: join(appDir, '.vite'),
    optimizeDeps: { include: ['@tilekit/sparse', '@tilekit/sparse/threads'] },
    server: { port: 0, host: '127.0.0.1', headers: ISOLATED, fs: { allow: [repoRoot] } },
  });
  try {
    await dev.listen();
    const url = dev.resolvedUrls?.local[0] as string;
    const { result } = await pageResult(url);
    expect(result).toMatchObject({ threads: 2, unavailable: null });
    expect((result as { error?: string }).error).toMatch(
      /SparseThreadPoolError: a worker of the pool failed: its module script failed to load .*excluded/,
    );
  } finally {
    await dev.close();
  }
}, 120_000);
