/**
 * Locating and running `mlir-opt-22` (Debian package `mlir-22-tools`). Shared by
 * ensure-mlir.mjs and the test suites that check our MLIR text against the real tool.
 */
import { spawnSync } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { isExecutable } from './executable.mjs';

/** Where Debian's packages put the binary, in the order we look. */
export const MLIR_OPT_CANDIDATES = ['/usr/bin/mlir-opt-22', '/usr/lib/llvm-22/bin/mlir-opt'];

/** Absolute path of mlir-opt-22 (PATH first, then the Debian locations), or undefined. */
export function findMlirOpt() {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir !== '' && isExecutable(join(dir, 'mlir-opt-22'))) return join(dir, 'mlir-opt-22');
  }
  return MLIR_OPT_CANDIDATES.find(isExecutable);
}

/** Thrown when mlir-opt-22 is needed but not installed. */
export class MlirOptMissingError extends Error {
  name = 'MlirOptMissingError';
  constructor() {
    super(
      'mlir-opt-22 not found (looked on PATH and in ' +
        `${MLIR_OPT_CANDIDATES.join(', ')}); install the Debian package mlir-22-tools, ` +
        'e.g. `node tools/scripts/ensure-mlir.mjs` as root',
    );
  }
}

/**
 * Runs mlir-opt-22 on `input` (stdin) with `args`; returns its stdout, stderr and exit
 * status. Throws {@link MlirOptMissingError} when the tool is not installed.
 */
export function runMlirOpt(input, args = []) {
  const bin = findMlirOpt();
  if (bin === undefined) throw new MlirOptMissingError();
  const result = spawnSync(bin, [...args, '-'], {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error !== undefined) throw result.error;
  return { stdout: result.stdout, stderr: result.stderr, status: result.status ?? -1 };
}
