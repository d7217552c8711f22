#!/usr/bin/env node
/**
 * Makes sure `python3` can import scipy (and numpy), for the tests that check the benchmark's
 * scipy worker and for `npm run bench`'s scipy baselines, and prints scipy's version.
 * Idempotent: when scipy imports this only prints the version. Otherwise, as root, installs
 * Debian's python3-scipy (the tests' machines reach Debian's archive but not a Python index);
 * otherwise exits non-zero saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { fail, installDebianPackage } from './debian-package.mjs';

const SCRIPT = 'ensure-scipy';

/** scipy's version as python3 imports it, or undefined. */
function scipyVersion() {
  const run = spawnSync('python3', ['-c', 'import numpy, scipy; print(scipy.__version__)'], {
    encoding: 'utf8',
  });
  return run.status === 0 ? run.stdout.trim() : undefined;
}

let version = scipyVersion();
if (version === undefined) {
  installDebianPackage(
    SCRIPT,
    'python3-scipy',
    'Install it with `sudo apt-get install python3-scipy`, or `pip install scipy` for the python3 on PATH.',
  );
  version = scipyVersion();
  if (version === undefined)
    fail(SCRIPT, 'python3-scipy installed but python3 still cannot import scipy.');
}
console.log(`scipy ${version}`);
