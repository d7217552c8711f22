import { TilekitError } from '@tilekit/errors';

/** The base of every error @tilekit/sparse throws for input it cannot accept. */
export class SparseError extends TilekitError {
  override readonly name: string = 'SparseError';
}

/**
 * A {@link SparseError} about one argument, reading `Invalid <argument>: <problem>`; the base
 * of the errors that only name an argument and what is wrong with it.
 */
export class SparseArgumentError extends SparseError {
  override readonly name: string = 'SparseArgumentError';
  /** The argument at fault, e.g. `'format.levels'` or `'formats.A'`. */
  declare readonly argument: string;

  constructor(argument: string, problem: string) {
    super(`Invalid ${argument}: ${problem}`);
    this.argument = argument;
  }
}
