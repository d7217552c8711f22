import { TilekitError } from '@tilekit/errors';

/** Where a command writes; injected so tests can run commands in-process. */
export interface CliIO {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  /** Writes a file (for `--svg` and friends). */
  readonly writeFile: (path: string, contents: string) => void;
  /** Reads a file, or standard input when `path` is undefined. */
  readonly readInput: (path: string | undefined) => string;
  /** Print the stack of an internal error (TILEKIT_DEBUG=1); off by default. */
  readonly debug?: boolean;
}

/**
 * A usage or input problem reported to the user: printed without a stack trace. A tilekit error
 * (code `cli`) like every library's, so an embedder tells it from a bug the same way.
 */
export class CliError extends TilekitError {
  override readonly name: string = 'CliError';
  /** 2 for bad usage (unknown command/flag), 1 for bad input (anything but 2 counts as 1). */
  readonly exitCode: 1 | 2;

  constructor(message: string, exitCode: 1 | 2 = 1) {
    super(message);
    this.exitCode = exitCode === 2 ? 2 : 1;
  }
}
