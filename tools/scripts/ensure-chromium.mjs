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
import { readdirSync } from 'node:fs';
import { isExecutable } from './executable.mjs';

const DEFAULT_PATH = '/usr/bin/chromium';
const APT_LISTS = '/var/lib/apt/lists';

/** First existing executable among CHROMIUM_PATH, the Debian default and `which chromium`. */
function locateChromium() {
  const candidates = [process.env.CHROMIUM_PATH, DEFAULT_PATH].filter(Boolean);
  for (const path of candidates) if (isExecutable(path)) return path;
  const which = spawnSync('which', ['chromium'], { encoding: 'utf8' });
  const found = which.status === 0 ? which.stdout.trim() : '';
  return found && isExecutable(found) ? found : null;
}

function aptGet(args) {
  console.error(`ensure-chromium: apt-get ${args.join(' ')}`);
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return result.status === 0;
}

/** apt-get update is only needed when the package lists were never fetched (fresh images). */
function aptListsEmpty() {
  try {
    return readdirSync(APT_LISTS).filter((f) => f.endsWith('_Packages')).length === 0;
  } catch {
    return true;
  }
}

function fail(message) {
  console.error(`ensure-chromium: ${message}`);
  process.exit(1);
}

let path = locateChromium();
if (path === null) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    fail(
      'Chromium is not installed and this is not root, so it cannot be installed here.\n' +
        '  Install it with `sudo apt-get install chromium` (Debian/Ubuntu), or point\n' +
        '  CHROMIUM_PATH at an existing Chromium/Chrome binary.',
    );
  }
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  if (aptListsEmpty() && !aptGet([...lockWait, 'update'])) fail('apt-get update failed.');
  if (!aptGet(['install', '-y', ...lockWait, 'chromium'])) {
    // Stale lists are the usual cause of a failed install: refresh once and retry.
    if (!aptGet([...lockWait, 'update']) || !aptGet(['install', '-y', ...lockWait, 'chromium'])) {
      fail('apt-get install chromium failed.');
    }
  }
  path = locateChromium();
  if (path === null) fail('apt-get reported success but no chromium executable was found.');
}
console.log(path);
