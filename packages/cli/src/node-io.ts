import { readFileSync, writeFileSync } from 'node:fs';
import { CliError, type CliIO } from './io.js';

/** The real terminal and file system. */
export const nodeIO: CliIO = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  writeFile: (path, contents) => writeFileSync(path, contents),
  readInput(path) {
    try {
      return readFileSync(path ?? 0, 'utf8');
    } catch (error) {
      throw new CliError(`cannot read ${path ?? 'standard input'}: ${(error as Error).message}`);
    }
  },
};
