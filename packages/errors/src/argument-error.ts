import { describeValue } from './describe-value.js';
import { TilekitError } from './tilekit-error.js';

/**
 * An argument of a function of this package (`rowMajorStrides`) that is not what it takes: it
 * names the argument, what was expected and what was passed.
 */
export class TilekitArgumentError extends TilekitError {
  override readonly name: string = 'TilekitArgumentError';
  override readonly argument: string;
  override readonly expected: string;

  constructor(argument: string, expected: string, value: unknown) {
    super(`Invalid ${argument}: expected ${expected}, got ${describeValue(value)}`);
    this.argument = argument;
    this.expected = expected;
  }
}
