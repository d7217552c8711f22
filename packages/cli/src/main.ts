import type { Command } from './command.js';
import { COMMANDS } from './commands/index.js';
import { didYouMean } from './did-you-mean.js';
import { checkArgv, checkCommands, checkIO } from './embedder-arguments.js';
import { describeFailure } from './failure.js';
import { CliError, type CliIO } from './io.js';
import { cliVersion } from './version.js';

/**
 * Top-level `tilekit --help` text, generated from the command table.
 * @throws TilekitArgumentError naming `commands` (or the entry at fault) when it is no command table.
 */
export function usage(commands: readonly Command[] = COMMANDS): string {
  checkCommands(commands);
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: tilekit <command> [options]',
    '',
    'tilekit: tiled memory layouts, PTO TSCATTER and MLIR-style sparse vectorization for TensorFlow.js.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    'Options:',
    '  -h, --help     show this help (tilekit help <command> for a command)',
    '  -V, --version  print the version',
    '',
    "Run 'tilekit <command> --help' for a command's options.",
  ].join('\n');
}

const HELP_FLAGS = ['--help', '-h'];
const VERSION_FLAGS = ['--version', '-V'];
const TOP_LEVEL_USAGE = "Run 'tilekit --help' for the commands.";

/** The command called `name`, or a usage error that suggests the nearest one. */
function findCommand(name: string, commands: readonly Command[]): Command {
  const command = commands.find((c) => c.name === name);
  if (command) return command;
  const hint = didYouMean(
    name,
    commands.map((c) => c.name),
  );
  const what = name.startsWith('-') ? 'option' : 'command';
  throw new CliError(`unknown ${what} '${name}'${hint}`, 2);
}

/** Runs everything after `tilekit`; errors propagate to `main`, which reports them. */
async function dispatch(
  argv: readonly string[],
  io: CliIO,
  commands: readonly Command[],
): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined) {
    io.stderr(`${usage(commands)}\n`);
    return 2;
  }
  if (HELP_FLAGS.includes(name)) {
    io.stdout(`${usage(commands)}\n`);
    return 0;
  }
  if (VERSION_FLAGS.includes(name)) {
    io.stdout(`${cliVersion()}\n`);
    return 0;
  }
  if (name === 'help') {
    if (rest.length > 1) throw new CliError('help takes at most one command name', 2);
    io.stdout(`${rest[0] === undefined ? usage(commands) : findCommand(rest[0], commands).help}\n`);
    return 0;
  }
  return findCommand(name, commands).run(rest, io);
}

/**
 * Runs the CLI on `argv` (without `node` and the script path) and resolves to the exit code:
 * 0 on success, 1 for bad input, 2 for bad usage, 70 for an internal error. Whatever the command
 * line says it never throws and never prints a stack trace, except for an internal error when
 * `io.debug` is set. `commands` is the command table (default {@link COMMANDS}), for embedders
 * that add their own.
 * @throws TilekitArgumentError (a rejected promise, before anything runs) naming `argv`, `io` or
 *   `commands` when the embedder passed something that is not one.
 */
export async function main(
  argv: readonly string[],
  io: CliIO,
  commands: readonly Command[] = COMMANDS,
): Promise<number> {
  checkIO(io);
  checkArgv(argv);
  checkCommands(commands);
  try {
    return await dispatch(argv, io, commands);
  } catch (error) {
    const command = commands.find((c) => c.name === argv[0]);
    const failure = describeFailure(
      error,
      command ? `tilekit ${command.name}` : 'tilekit',
      command
        ? `${command.help.split('\n', 1)[0]}\nRun 'tilekit ${command.name} --help' for its options.`
        : TOP_LEVEL_USAGE,
      io.debug ?? false,
    );
    io.stderr(failure.text);
    return failure.exitCode;
  }
}
