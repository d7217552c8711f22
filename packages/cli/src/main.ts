import type { Command } from './command.js';
import { COMMANDS } from './commands/index.js';
import { CliError, type CliIO } from './io.js';

/** Top-level `tilekit --help` text, generated from the command table. */
export function usage(commands: readonly Command[] = COMMANDS): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    'Usage: tilekit <command> [options]',
    '',
    'tilekit: tiled memory layouts, PTO TSCATTER and MLIR-style sparse vectorization for TensorFlow.js.',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'tilekit <command> --help' for a command's options.",
  ].join('\n');
}

function isParseArgsError(error: unknown): error is Error {
  return (
    error instanceof TypeError &&
    String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS')
  );
}

/**
 * Runs the CLI on `argv` (without `node` and the script path) and resolves to the exit code:
 * 0 on success, 1 for bad input, 2 for bad usage. Never throws for user mistakes.
 */
export async function main(argv: readonly string[], io: CliIO): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(`${usage()}\n`);
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`tilekit: unknown command '${name}'\n\n${usage()}\n`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`tilekit ${name}: ${error.message}\n`);
      return error.exitCode;
    }
    if (isParseArgsError(error)) {
      io.stderr(`tilekit ${name}: ${error.message}\n\n${command.help}\n`);
      return 2;
    }
    throw error;
  }
}
