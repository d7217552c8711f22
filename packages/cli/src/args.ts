import { type ParseArgsConfig, parseArgs } from 'node:util';
import { CliError } from './io.js';
import { didYouMean } from './nearest.js';

/** The option spellings a parseArgs config accepts: `--name` and `-x` for each option. */
function spellings(options: ParseArgsConfig['options']): string[] {
  return Object.entries(options ?? {}).flatMap(([name, option]) => [
    `--${name}`,
    ...(option.short === undefined ? [] : [`-${option.short}`]),
  ]);
}

/** Node's parseArgs message, reworded as one line that names the option and the problem. */
function usageMessage(error: Error & { code?: unknown }, config: ParseArgsConfig): string {
  const quoted = /'([^']*)'/.exec(error.message)?.[1] ?? '';
  const option = quoted.split(' ')[0] ?? quoted;
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `unknown option '${option}'${didYouMean(option, spellings(config.options))}`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE':
      return /does not take an argument/.test(error.message)
        ? `option '${option}' takes no value`
        : `option '${option}' needs a value`;
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `unexpected argument '${quoted}'`;
    default:
      return error.message;
  }
}

/**
 * `util.parseArgs` (strict, its default) over a command's arguments, with its errors turned into
 * usage errors (exit 2) that name the option and suggest the nearest known one.
 * @throws CliError for an unknown option, a missing or unexpected option value, or an
 *   unexpected positional argument.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (error instanceof TypeError && code.startsWith('ERR_PARSE_ARGS'))
      throw new CliError(usageMessage(error, config), 2);
    throw error;
  }
}
