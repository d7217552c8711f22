import { CliError } from './io.js';
import { isLibraryError } from './library-errors.js';

/** Exit code of an internal error (a bug in tilekit, not the user's input): sysexits' EX_SOFTWARE. */
export const INTERNAL_ERROR_EXIT = 70;

/** What the CLI prints and returns for an error that ended a command. */
export interface Failure {
  /** The text for standard error, ending in a newline. */
  readonly text: string;
  readonly exitCode: number;
}

/**
 * Turns any error into one message and an exit code: usage errors (2) and bad input (1) print
 * their message; anything else is an internal error (70) printed as one line, with its stack
 * only when `debug` is set (TILEKIT_DEBUG=1).
 * @param prefix what the message starts with, e.g. `tilekit layout`
 * @param usageLine shown under a usage error (the command's `Usage:` line)
 */
export function describeFailure(
  error: unknown,
  prefix: string,
  usageLine: string,
  debug: boolean,
): Failure {
  if (error instanceof CliError) {
    const usage = error.exitCode === 2 ? `\n${usageLine}\n` : '';
    return { text: `${prefix}: ${error.message}\n${usage}`, exitCode: error.exitCode };
  }
  if (isLibraryError(error)) return { text: `${prefix}: ${error.message}\n`, exitCode: 1 };
  const summary =
    error instanceof Error
      ? `${error.name}: ${error.message}`
      : `non-error thrown: ${String(error)}`;
  const detail = debug
    ? `\n${error instanceof Error ? (error.stack ?? summary) : summary}\n`
    : ' (set TILEKIT_DEBUG=1 for the stack trace)\n';
  return {
    text: `${prefix}: internal error: ${firstLine(summary)}${detail}`,
    exitCode: INTERNAL_ERROR_EXIT,
  };
}

function firstLine(text: string): string {
  const line = text.split('\n', 1)[0] ?? '';
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}
