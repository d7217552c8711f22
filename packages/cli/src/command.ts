import type { CliIO } from './io.js';

/** One `tilekit <name>` subcommand. Commands are data in the table in ./commands/index.ts. */
export interface Command {
  readonly name: string;
  /** One line for the command list. */
  readonly summary: string;
  /** Full `--help` text. */
  readonly help: string;
  /** Runs with the arguments after the command name; resolves to the exit code. */
  readonly run: (args: readonly string[], io: CliIO) => number | Promise<number>;
}
