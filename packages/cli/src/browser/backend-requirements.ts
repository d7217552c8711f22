import { accessSync, constants } from 'node:fs';
import { createRequire } from 'node:module';
import { delimiter, join } from 'node:path';
import { CliError } from '../io.js';

/** npm packages `--backend webgl` loads: the browser driver, the bundler and tfjs's WebGL backend. */
export const WEBGL_PACKAGES = [
  'playwright-core',
  'esbuild',
  '@tensorflow/tfjs-backend-webgl',
] as const;

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

/** What to install, said once for both a missing browser and missing packages. */
export const WEBGL_INSTALL_HINT = `--backend webgl runs the kernel suite in headless Chromium: install a browser (Debian/Ubuntu: 'apt-get install chromium') or set CHROMIUM_PATH to a Chromium or Chrome binary, and install the npm packages ${WEBGL_PACKAGES.join(', ')} next to @tilekit/cli`;

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The browser `--backend webgl` launches: `CHROMIUM_PATH` when set (it must be executable), else
 * the first executable of `candidates` and of the Chromium names on `PATH`. It only looks: it
 * never installs anything or runs a script.
 * @throws CliError naming what to install when there is no browser.
 */
export function findChromium(
  env: { readonly CHROMIUM_PATH?: string | undefined; readonly PATH?: string | undefined },
  candidates: readonly string[] = KNOWN_CHROMIUM_PATHS,
): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen !== undefined && chosen !== '') {
    if (isExecutable(chosen)) return chosen;
    throw new CliError(`CHROMIUM_PATH=${chosen} is not an executable file. ${WEBGL_INSTALL_HINT}`);
  }
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .flatMap((dir) => CHROMIUM_NAMES.map((name) => join(dir, name)));
  const found = [...candidates, ...onPath].find(isExecutable);
  if (found !== undefined) return found;
  throw new CliError(`no Chromium or Chrome found. ${WEBGL_INSTALL_HINT}`);
}

/** The {@link WEBGL_PACKAGES} that cannot be resolved from this package. */
export function missingWebglPackages(from: string = import.meta.url): string[] {
  const require = createRequire(from);
  return WEBGL_PACKAGES.filter((name) => {
    try {
      require.resolve(name);
      return false;
    } catch {
      return true;
    }
  });
}

/**
 * Checks that `--backend webgl` can run before anything starts: the npm packages resolve and a
 * browser exists. Returns the browser's path.
 * @throws CliError saying what is missing and what to install.
 */
export function checkWebglRequirements(
  env: Parameters<typeof findChromium>[0],
  from: string = import.meta.url,
): string {
  const missing = missingWebglPackages(from);
  if (missing.length > 0)
    throw new CliError(`missing npm package(s) ${missing.join(', ')}. ${WEBGL_INSTALL_HINT}`);
  return findChromium(env);
}
