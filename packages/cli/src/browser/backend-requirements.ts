import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { CliError } from '../io.js';

/** The tfjs backends `tilekit conformance --backend` runs the kernel suite on. */
export const CONFORMANCE_BACKENDS = ['cpu', 'webgl', 'webgpu', 'wasm'] as const;
export type ConformanceBackend = (typeof CONFORMANCE_BACKENDS)[number];

/** The backends that run in headless Chromium (the others run in this Node process). */
export const BROWSER_BACKENDS = ['webgl', 'webgpu'] as const;
export type BrowserBackend = (typeof BROWSER_BACKENDS)[number];

export const isBrowserBackend = (backend: ConformanceBackend): backend is BrowserBackend =>
  (BROWSER_BACKENDS as readonly string[]).includes(backend);

/**
 * npm packages each backend loads beyond the CLI's own dependencies: the browser backends need
 * the browser driver, the bundler and tfjs's backend; wasm needs tfjs's wasm backend.
 */
export const BACKEND_PACKAGES: Readonly<Record<ConformanceBackend, readonly string[]>> = {
  cpu: [],
  webgl: ['playwright-core', 'esbuild', '@tensorflow/tfjs-backend-webgl'],
  webgpu: ['playwright-core', 'esbuild', '@tensorflow/tfjs-backend-webgpu'],
  wasm: ['@tensorflow/tfjs-backend-wasm'],
};

/** Where Chromium or Chrome usually lives (Debian/Ubuntu, snap, Fedora, macOS). */
export const KNOWN_CHROMIUM_PATHS: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/snap/bin/chromium',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Executable names looked up on PATH after the known paths. */
const CHROMIUM_NAMES = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

/** What to install for `backend`, said once for a missing browser and for missing packages. */
export function installHint(backend: ConformanceBackend): string {
  const packages = `the npm packages ${BACKEND_PACKAGES[backend].join(', ')} next to @tilekit/cli`;
  if (!isBrowserBackend(backend)) return `--backend ${backend} needs ${packages}`;
  return `--backend ${backend} runs the kernel suite in headless Chromium: install a browser (Debian/Ubuntu: 'apt-get install chromium') or set CHROMIUM_PATH to a Chromium or Chrome binary, and install ${packages}`;
}

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser a browser backend launches: `CHROMIUM_PATH` when set (it must be executable), else
 * the first executable of `candidates` and of the Chromium names on `PATH`. It only looks: it
 * never installs anything or runs a script.
 * @throws CliError naming what to install when there is no browser.
 */
export function findChromium(
  env: { readonly CHROMIUM_PATH?: string | undefined; readonly PATH?: string | undefined },
  backend: BrowserBackend,
  candidates: readonly string[] = KNOWN_CHROMIUM_PATHS,
): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== '') {
    if (isExecutable(chosen)) return chosen;
    throw new CliError(
      `CHROMIUM_PATH=${chosen} is not an executable file. ${installHint(backend)}`,
    );
  }
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => CHROMIUM_NAMES.map((name) => join(dir, name)));
  const found = [...candidates, ...onPath].find(isExecutable);
  if (found !== undefined) return found;
  throw new CliError(`no Chromium or Chrome found. ${installHint(backend)}`);
}

/** The {@link BACKEND_PACKAGES} of `backend` that cannot be resolved from this package. */
export function missingPackages(
  backend: ConformanceBackend,
  from: string = import.meta.url,
): string[] {
  const require = createRequire(from);
  return BACKEND_PACKAGES[backend].filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * Checks that `backend`'s npm packages resolve before anything starts.
 * @throws CliError saying what is missing and what to install.
 */
export function checkPackages(backend: ConformanceBackend, from: string = import.meta.url): void {
  const missing = missingPackages(backend, from);
  if (missing.length > 0)
    throw new CliError(`missing npm package(s) ${missing.join(', ')}. ${installHint(backend)}`);
}

/**
 * Checks that a browser backend can run: its npm packages resolve and a browser exists.
 * @returns the browser's path.
 * @throws CliError saying what is missing and what to install.
 */
export function checkBrowserBackend(
  backend: BrowserBackend,
  env: Parameters<typeof findChromium>[0],
  from: string = import.meta.url,
): string {
  checkPackages(backend, from);
  return findChromium(env, backend);
}
