/**
 * Runs browser benchmark suites (`packages/<pkg>/bench/browser/*.bench.ts`) in headless Chromium
 * and prints them in the Node harness's format. Each suite runs in its own cross-origin
 * isolated page (COOP/COEP, so that thread suites have SharedArrayBuffer) served by Vite
 * (sources resolved through the `@tilekit/source` condition, as in the tests), in its own
 * Debian Chromium launched with the flags its backend needs (see `chromiumArgsFor`);
 * Playwright never downloads a browser.
 *
 * Usage: npx tsx --conditions=@tilekit/source tools/bench/src/browser/main.ts [suite files]
 *        (with no files: every browser suite; `npm run bench` calls `runBrowserBenches`).
 * Env: CHROMIUM_PATH (default: what tools/scripts/ensure-chromium.mjs finds),
 *      TILEKIT_BENCH_OPTIONS (JSON, e.g. '{"rounds":5}').
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { BROWSER_CONDITIONS, tfjsPrebundledDeps } from '../../../vitest/browser-environment.ts';
import { formatSuite, type SuiteResult } from '../harness.js';
import { outcomeOf } from './page-outcome.js';
import { chromiumArgsFor, gpuBackendOf } from './suite-kind.js';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../../..');

/** A suite may run this long (software rendering of the slowest baselines is slow). */
const SUITE_TIMEOUT_MS = 30 * 60_000;

/** Every `packages/<pkg>/bench/browser/*.bench.ts`, in a stable order. */
export function discoverBrowserSuites(): string[] {
  const packagesDir = join(repoRoot, 'packages');
  return readdirSync(packagesDir)
    .sort()
    .flatMap((pkg) => {
      const dir = join(packagesDir, pkg, 'bench', 'browser');
      return existsSync(dir)
        ? readdirSync(dir)
            .filter((file) => file.endsWith('.bench.ts'))
            .sort()
            .map((file) => join(dir, file))
        : [];
    });
}

/** The Chromium binary: CHROMIUM_PATH, else the ensure script's answer (it may install it). */
function chromiumPath(): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  const script = join(repoRoot, 'tools', 'scripts', 'ensure-chromium.mjs');
  return execFileSync(process.execPath, [script], { encoding: 'utf8' }).trim();
}

/** A Vite dev server for the page, resolving workspace packages to their sources. */
async function startServer(): Promise<ViteDevServer> {
  const server = await createServer({
    configFile: false,
    root: join(here, 'page'),
    logLevel: 'warn',
    resolve: { conditions: BROWSER_CONDITIONS },
    optimizeDeps: { include: tfjsPrebundledDeps(['webgl', 'webgpu']) },
    server: {
      port: 0,
      host: '127.0.0.1',
      fs: { allow: [repoRoot] },
      // Cross-origin isolated pages: SharedArrayBuffer for the suites that run threads.
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
    },
  });
  await server.listen();
  return server;
}

/** Runs one suite file in a fresh page of `browser` and returns its result. */
async function runInPage(browser: Browser, base: string, file: string): Promise<SuiteResult> {
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`[page] ${error.message}`));
  // Errors only: the one-texel sync reads make the driver warn about stalls, by design.
  page.on('console', (message) => {
    if (message.type() === 'error') console.error(`[page] ${message.text()}`);
  });
  const options = process.env.TILEKIT_BENCH_OPTIONS ?? '{}';
  const query = new URLSearchParams({ suite: resolve(file), options });
  await page.goto(`${base}index.html?${query}`);
  const outcome = await outcomeOf(page, SUITE_TIMEOUT_MS);
  const renderer = gpuBackendOf(file) === undefined ? undefined : await page.evaluate(gpuRenderer);
  await page.close();
  if ('error' in outcome) throw new Error(`${file}: ${outcome.error}`);
  if (renderer === undefined) return outcome.result;
  return {
    ...outcome.result,
    notes: [...(outcome.result.notes ?? []), `GPU: ${renderer}`],
    // A software rasterizer runs the shaders on the CPU: its figures say nothing about a GPU.
    ...(/swiftshader|llvmpipe|software/i.test(renderer) ? { goalsNotJudged: SOFTWARE_GPU } : {}),
  };
}

/** Why a software GPU's figures do not judge the goals. */
const SOFTWARE_GPU =
  'a software GPU runs shaders on the CPU: GPU speed goals are judged on a real GPU, with the Dawn runner';

/**
 * In the page: the GPU the suite ran on, as WebGPU's adapter info or WebGL's unmasked renderer
 * describe it (SwiftShader names itself in both).
 */
async function gpuRenderer(): Promise<string> {
  const gpu = (navigator as { gpu?: { requestAdapter(): Promise<unknown> } }).gpu;
  const adapter = (await gpu?.requestAdapter()) as
    | { info?: { vendor?: string; architecture?: string; description?: string } }
    | null
    | undefined;
  if (adapter?.info) {
    const { vendor, architecture, description } = adapter.info;
    return `WebGPU ${[vendor, architecture, description].filter(Boolean).join(' ')}`;
  }
  const gl = document.createElement('canvas').getContext('webgl2');
  const debug = gl?.getExtension('WEBGL_debug_renderer_info');
  if (gl && debug) return `WebGL ${String(gl.getParameter(debug.UNMASKED_RENDERER_WEBGL))}`;
  return 'unknown';
}

/** Runs each suite file in its own browser (launched with its flags) and prints its table. */
export async function runBrowserBenches(
  files: readonly string[] = discoverBrowserSuites(),
): Promise<void> {
  if (files.length === 0) return;
  const executablePath = chromiumPath();
  const server = await startServer();
  try {
    const base = server.resolvedUrls?.local[0];
    if (base === undefined) throw new Error('the Vite server has no local URL');
    console.log(`\n# browser suites (${files.length}; headless Chromium)`);
    for (const file of files) {
      const args = chromiumArgsFor(file);
      const browser = await chromium.launch({ executablePath, headless: true, args: [...args] });
      try {
        const result = await runInPage(browser, base, file);
        const flags = args.length === 0 ? 'none' : args.join(' ');
        const note = `Chromium ${browser.version()} headless, flags: ${flags}`;
        console.log(formatSuite({ ...result, notes: [...(result.notes ?? []), note] }).join('\n'));
      } finally {
        await browser.close();
      }
    }
  } finally {
    await server.close();
  }
}

// Run directly: `tsx tools/bench/src/browser/main.ts [files]`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2).map((file) => resolve(file));
  await runBrowserBenches(args.length > 0 ? args : discoverBrowserSuites());
}
