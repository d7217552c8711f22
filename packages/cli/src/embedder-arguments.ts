/**
 * The checks of what an embedder passes the CLI's library functions (`main`, `usage`,
 * `memoryIO`): an argument list, an IO and a command table that are not one are a
 * `TilekitArgumentError` naming the argument, before anything runs. What is typed on the command
 * line is never checked here: a bad command line is a usage error that `main` prints.
 */
import { TilekitArgumentError } from '@tilekit/errors';
import type { Command } from './command.js';
import type { CliIO } from './io.js';

const IO_FUNCTIONS = ['stdout', 'stderr', 'writeFile', 'readInput'] as const;
const COMMAND_TEXTS = ['name', 'summary', 'help'] as const;

/**
 * Checks that `argv` is an array of strings.
 * @throws TilekitArgumentError naming `argv` or the entry `argv[i]` that is not a string.
 */
export function checkArgv(argv: unknown): asserts argv is readonly string[] {
  const expected = 'an array of strings (the command line after `tilekit`)';
  if (!Array.isArray(argv)) throw new TilekitArgumentError('argv', expected, argv);
  // An index loop: it stops at the first hole of a holey array.
  for (let i = 0; i < argv.length; i++) {
    if (typeof argv[i] !== 'string')
      throw new TilekitArgumentError(`argv[${i}]`, 'a string', argv[i]);
  }
}

/**
 * Checks that `io` has the four functions a command writes and reads with.
 * @throws TilekitArgumentError naming `io` or its missing function (`io.stderr`).
 */
export function checkIO(io: unknown): asserts io is CliIO {
  if (typeof io !== 'object' || io === null) {
    throw new TilekitArgumentError('io', 'a CliIO object (nodeIO, memoryIO())', io);
  }
  for (const key of IO_FUNCTIONS) {
    const value: unknown = (io as Record<string, unknown>)[key];
    if (typeof value !== 'function')
      throw new TilekitArgumentError(`io.${key}`, 'a function', value);
  }
}

/**
 * Checks a command table: an array of commands, each with a name, summary and help text and a
 * `run` function.
 * @throws TilekitArgumentError naming `commands`, `commands[i]` or its field (`commands[2].run`).
 */
export function checkCommands(commands: unknown): asserts commands is readonly Command[] {
  if (!Array.isArray(commands) || commands.length === 0) {
    throw new TilekitArgumentError('commands', 'a non-empty array of commands', commands);
  }
  for (let i = 0; i < commands.length; i++) {
    const command: unknown = commands[i];
    if (typeof command !== 'object' || command === null) {
      throw new TilekitArgumentError(`commands[${i}]`, 'a command object', command);
    }
    for (const key of COMMAND_TEXTS) {
      const value: unknown = (command as Record<string, unknown>)[key];
      if (typeof value !== 'string') {
        throw new TilekitArgumentError(`commands[${i}].${key}`, 'a string', value);
      }
    }
    const run: unknown = (command as Record<string, unknown>).run;
    if (typeof run !== 'function') {
      throw new TilekitArgumentError(`commands[${i}].run`, 'a function', run);
    }
  }
}
