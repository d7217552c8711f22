#!/usr/bin/env node
/**
 * Makes sure a local npm registry (Verdaccio) is installed for the release test and prints the
 * path of its launcher.
 *
 * Verdaccio 6.8 is the last release that runs on Node 20 (6.10 needs Node 22); its `node-fetch`
 * 3 does not install here, so `node-fetch` is overridden to 2.7.0, which it works with. It lives
 * in its own folder under `node_modules/.cache` (not a repository dependency: only this test
 * needs it), installed once from the npm registry and reused afterwards.
 *
 * Usage: node tools/scripts/ensure-verdaccio.mjs
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const VERDACCIO_VERSION = '6.8.0';
const home = join(root, 'node_modules', '.cache', `tilekit-verdaccio-${VERDACCIO_VERSION}`);
const launcher = join(home, 'node_modules', 'verdaccio', 'bin', 'verdaccio');

/** The installed Verdaccio launcher, installing it first when absent. */
export function ensureVerdaccio() {
  if (existsSync(launcher)) return launcher;
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(home, 'package.json'),
    JSON.stringify({
      name: 'tilekit-verdaccio',
      private: true,
      dependencies: { verdaccio: VERDACCIO_VERSION },
      overrides: { 'node-fetch': '2.7.0' },
    }),
  );
  console.error(`ensure-verdaccio: installing verdaccio ${VERDACCIO_VERSION} into ${home}`);
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: home,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return launcher;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureVerdaccio());
}
