#!/usr/bin/env node
/**
 * Makes a fresh clone runnable with nothing installed by hand:
 *  - installs npm dependencies (`npm ci`) when node_modules is missing or out of date with the lock;
 *  - with --test, also provisions the external tools the test suites need (headless Chromium for
 *    the WebGL suites, mlir-opt-22 for the MLIR differential suites, python3 with scipy for the
 *    benchmark's scipy worker) via their ensure-* scripts.
 * Idempotent and quick when everything is already in place.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const marker = join(root, 'node_modules', '.tilekit-lock-hash');

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`bootstrap: \`${command} ${args.join(' ')}\` failed (exit ${result.status}).`);
    process.exit(result.status ?? 1);
  }
}

const [major] = process.versions.node.split('.').map(Number);
if (major < 20) {
  console.error(`bootstrap: tilekit needs Node >= 20 (found ${process.version}).`);
  process.exit(1);
}

const lockHash = createHash('sha256')
  .update(readFileSync(join(root, 'package-lock.json')))
  .digest('hex');
const installed = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';
if (installed !== lockHash) {
  console.log('bootstrap: installing npm dependencies (npm ci) ...');
  run('npm', ['ci', '--no-audit', '--no-fund']);
  writeFileSync(marker, `${lockHash}\n`);
}

if (process.argv.includes('--test')) {
  for (const script of ['ensure-chromium.mjs', 'ensure-mlir.mjs', 'ensure-scipy.mjs']) {
    const path = join(root, 'tools', 'scripts', script);
    if (existsSync(path)) run(process.execPath, [path]);
  }
}
