import { TilekitArgumentError } from '@tilekit/errors';
import type { CliIO } from './io.js';

/** A {@link CliIO} kept in memory, with what a command wrote readable afterwards. */
export interface MemoryIO extends CliIO {
  /** Everything written to standard output so far. */
  readonly out: () => string;
  /** Everything written to standard error so far. */
  readonly err: () => string;
  /** The files the command wrote, and the ones `readInput` serves, by path. */
  readonly files: Map<string, string>;
}

/**
 * An in-memory {@link CliIO} for running commands in-process (embedders, tests): `stdin` is what
 * `readInput()` returns for standard input, a path reads from `files` (empty when absent).
 * @throws TilekitArgumentError when `stdin` is not a string.
 */
export function memoryIO(stdin = ''): MemoryIO {
  if (typeof stdin !== 'string') throw new TilekitArgumentError('stdin', 'a string', stdin);
  let out = '';
  let err = '';
  const files = new Map<string, string>();
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    writeFile: (path, contents) => {
      files.set(path, contents);
    },
    readInput: (path) => (path === undefined ? stdin : (files.get(path) ?? '')),
    out: () => out,
    err: () => err,
    files,
  };
}
