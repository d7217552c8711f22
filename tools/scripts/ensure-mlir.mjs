#!/usr/bin/env node
/**
 * Makes sure mlir-opt-22 is installed and prints its path. Idempotent: when the tool is
 * present this only prints the path. When absent and running as root, installs the Debian
 * package mlir-22-tools with apt-get (running `apt-get update` first if the package is not
 * known yet); otherwise exits non-zero saying what to install.
 */
import { spawnSync } from 'node:child_process';
import { findMlirOpt } from './mlir-opt.mjs';

const PACKAGE = 'mlir-22-tools';

function aptGet(args) {
  const result = spawnSync('apt-get', args, { stdio: 'inherit' });
  if (result.error !== undefined) {
    console.error(`ensure-mlir: could not run apt-get: ${result.error.message}`);
    process.exit(1);
  }
  return result.status === 0;
}

function packageKnown() {
  const result = spawnSync('apt-cache', ['show', PACKAGE], { stdio: 'ignore' });
  return result.status === 0;
}

let path = findMlirOpt();
if (path === undefined) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `ensure-mlir: mlir-opt-22 is not installed. Install the Debian package ${PACKAGE} ` +
        `(sudo apt-get install -y ${PACKAGE}) or re-run this script as root.`,
    );
    process.exit(1);
  }
  if (!packageKnown()) {
    console.log('ensure-mlir: package unknown to apt, running apt-get update ...');
    aptGet(['update']);
  }
  console.log(`ensure-mlir: installing ${PACKAGE} ...`);
  if (!aptGet(['install', '-y', '-o', 'DPkg::Lock::Timeout=300', PACKAGE])) {
    console.error(`ensure-mlir: apt-get install ${PACKAGE} failed.`);
    process.exit(1);
  }
  path = findMlirOpt();
  if (path === undefined) {
    console.error(`ensure-mlir: ${PACKAGE} installed but mlir-opt-22 is still not found.`);
    process.exit(1);
  }
}
console.log(path);
