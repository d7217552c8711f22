#!/usr/bin/env node
/**
 * Makes sure a system Chromium exists for the WebGL browser suites and prints its path.
 *
 * Playwright never downloads a browser in this repository: the suites launch Debian's
 * `chromium` package through `executablePath`. Idempotent: when Chromium is already there this
 * only prints the path. When it is missing and we are root, it is installed with apt-get
 * (waiting for a concurrent dpkg lock rather than failing); otherwise it exits non-zero with
 * instructions.
 *
 * Usage: node tools/scripts/ensure-chromium.mjs   (honours CHROMIUM_PATH when set)
 */
import { spawnSync } from 'node:child_process';
import { fail, installDebianPackage } from './debian-package.mjs';
import { isExecutable } from './executable.mjs';

const DEFAULT_PATH = '/usr/bin/chromium';

/** First existing executable among CHROMIUM_PATH, the Debian default and `which chromium`. */
function locateChromium() {
  const candidates = [process.env.CHROMIUM_PATH, DEFAULT_PATH].filter(Boolean);
  for (const path of candidates) if (isExecutable(path)) return path;
  const which = spawnSync('which', ['chromium'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found && isExecutable(found) ? found : null;
}

let path = locateChromium();
if (path === null) {
  installDebianPackage(
    'ensure-chromium',
    'chromium',
    'Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or point\n  CHROMIUM_PATH at an existing Chromium/Chrome binary.',
  );
  path = locateChromium();
  if (path === null)
    fail('ensure-chromium', 'apt-get reported success but no chromium executable was found.');
}
console.log(path);
