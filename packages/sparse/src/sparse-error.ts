import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/sparse throws for input it cannot accept. */
export class SparseError extends TilekitError {
  override readonly name: string = 'SparseError';

  constructor(message?: string) {
    super(message === undefined ? undefined : textOf(message, 4000));
  }
}

/**
 * A {@link SparseError} about one argument, reading `Invalid <argument>: <problem>`; the base
 * of the errors that only name an argument and what is wrong with it.
 */
export class SparseArgumentError extends SparseError {
  override readonly name: string = 'SparseArgumentError';
  /** The argument at fault, e.g. `'format.levels'` or `'formats.A'`. */
  declare readonly argument: string;

  constructor(argument: string, problem: string, expected?: string) {
    const name = textOf(argument);
    super(`Invalid ${name}: ${problemText(problem)}`);
    this.argument = name;
    if (expected !== undefined) (this as { expected?: string }).expected = textOf(expected);
  }
}

/**
 * `problem` as an error message states it: whole when it is a string (the problems this
 * package writes end with what to do, which a cut would drop, and values in them are already
 * shortened by {@link textOf}; the message as a whole stops at 4000 characters, see
 * {@link SparseError}), else as {@link textOf} describes junk passed as one.
 */
export function problemText(problem: unknown): string {
  return typeof problem === 'string' ? problem : textOf(problem);
}

/**
 * Any value as a short string for a message, whatever it is: a symbol, an object without a
 * prototype, an array too long to join, an object whose conversion throws. Junk given to a
 * public function must end in a typed error, never in a failure to describe it.
 */
export function textOf(x: unknown, limit = 200): string {
  let text: string;
  try {
    if (typeof x === 'string') text = x;
    else if (typeof x === 'symbol') text = x.toString();
    else if (typeof x === 'bigint') text = `${x}n`;
    else if (Array.isArray(x))
      text =
        x.length > limit
          ? `an array of length ${x.length}`
          : `[${x.map((e) => textOf(e, 40)).join(', ')}]`;
    else if (typeof x === 'object' && x !== null)
      text = (x as object).constructor?.name ?? 'an object';
    else text = String(x);
  } catch {
    text = Object.prototype.toString.call(x);
  }
  return text.length > limit ? `${text.slice(0, limit)}…` : text;
}
