import { type ParseArgsConfig, parseArgs } from 'node:util';
import { didYouMean } from './did-you-mean.js';
import { CliError, type CliIO } from './io.js';

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

/** A token that reads as a negative number (`-3`, `-0.5`), not as a short option. */
const NEGATIVE_NUMBER = /^-(\d|\.\d)/;

/**
 * The arguments with a negative number after a string option joined to it (`--max-cells -3` ->
 * `--max-cells=-3`): parseArgs would take `-3` for an option and report the value as missing,
 * where the user gave one that the command's own check should judge.
 */
function attachNegativeValues(args: readonly string[], options: ParseArgsConfig['options']) {
  const takesValue = new Set(
    Object.entries(options ?? {}).flatMap(([name, option]) =>
      option.type === 'string'
        ? [`--${name}`, ...(option.short === undefined ? [] : [`-${option.short}`])]
        : [],
    ),
  );
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (arg === '--') {
      joined.push(...args.slice(i));
      break;
    }
    if (takesValue.has(arg) && next !== undefined && NEGATIVE_NUMBER.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else joined.push(arg);
  }
  return joined;
}

/**
 * `util.parseArgs` (strict, its default) over a command's arguments, with its errors turned into
 * usage errors (exit 2) that name the option and suggest the nearest known one. A negative
 * number after an option that takes a value is that option's value.
 * @throws CliError for an unknown option, a missing or unexpected option value, or an
 *   unexpected positional argument.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    const args = config.args && attachNegativeValues(config.args, config.options);
    return parseArgs(args === undefined ? config : { ...config, args });
  } catch (error) {
    const code = String((error as { code?: unknown }).code ?? '');
    if (error instanceof TypeError && code.startsWith('ERR_PARSE_ARGS'))
      throw new CliError(usageMessage(error, config), 2);
    throw error;
  }
}

/**
 * The value of an option that takes one of a few names (`--backend cpu|webgl|...`), or `fallback`
 * when it was not given.
 * @throws CliError (exit 2) naming the option, the choices and the nearest one for any other value.
 */
export function choiceOption<T extends string>(
  option: string,
  value: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (value === undefined) return fallback;
  if (allowed.includes(value as T)) return value as T;
  throw new CliError(
    `--${option} takes ${allowed.join(' or ')}, got '${value}'${didYouMean(value, allowed)}`,
    2,
  );
}

/** The `-h, --help` option every command takes, spread into its parseArgs options. */
export const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

/**
 * Whether a command's parsed `values` ask for its help (`-h`, `--help`, from
 * {@link HELP_OPTION}); when they do, `help` is printed and the command returns 0 at once.
 */
export function helpShown(
  values: { readonly help?: boolean | undefined },
  help: string,
  io: CliIO,
): boolean {
  if (values.help !== true) return false;
  io.stdout(`${help}\n`);
  return true;
}
