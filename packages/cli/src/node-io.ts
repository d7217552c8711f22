import { readFileSync, writeFileSync } from 'node:fs';
import { CliError, type CliIO } from './io.js';

/** The real terminal and file system; TILEKIT_DEBUG=1 turns on stacks of internal errors. */
export const nodeIO: CliIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  writeFile(path, contents) {
    try {
      writeFileSync(path, contents);
    } catch (error) {
      throw new CliError(`cannot write ${path}: ${(error as Error).message}`);
    }
  },
  readInput(path) {
    try {
      return readFileSync(path ?? 0, 'utf8');
    } catch (error) {
      throw new CliError(`cannot read ${path ?? 'standard input'}: ${(error as Error).message}`);
    }
  },
  get debug() {
    return process.env.TILEKIT_DEBUG === '1';
  },
};
