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

/** A usage or input problem reported to the user: printed without a stack trace. */
export class CliError extends Error {
  override readonly name = 'CliError';
  constructor(
    message: string,
    /** 2 for bad usage (unknown command/flag), 1 for bad input. */
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}
