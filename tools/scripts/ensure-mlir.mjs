#!/usr/bin/env node
/**
 * Makes sure mlir-opt-22 is installed and prints its path. Idempotent: when the tool is
 * present this only prints the path. When absent and running as root, installs the Debian
 * package mlir-22-tools with apt-get (see debian-package.mjs); otherwise exits non-zero saying
 * what to install.
 */
import { fail, installDebianPackage } from './debian-package.mjs';
import { findMlirOpt } from './mlir-opt.mjs';

const PACKAGE = 'mlir-22-tools';

let path = findMlirOpt();
if (path === undefined) {
  installDebianPackage(
    'ensure-mlir',
    PACKAGE,
    `Install the Debian package ${PACKAGE} (sudo apt-get install -y ${PACKAGE}).`,
  );
  path = findMlirOpt();
  if (path === undefined)
    fail('ensure-mlir', `${PACKAGE} installed but mlir-opt-22 is still not found.`);
}
console.log(path);
