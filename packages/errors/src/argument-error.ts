import { argumentErrorText } from './argument-text.js';
import { TilekitError } from './tilekit-error.js';

/**
 * An argument of a function of this package (`rowMajorStrides`) that is not what it takes: it
 * names the argument, what was expected and what was passed.
 */
export class TilekitArgumentError extends TilekitError {
  override readonly name: string = 'TilekitArgumentError';
  override readonly argument: string;
  override readonly expected: string;

  /** `argument` and `expected` that are not strings are described (constructing never throws). */
  constructor(argument: string, expected: string, value: unknown) {
    const text = argumentErrorText(argument, expected, value);
    super(text.message);
    this.argument = text.argument;
    this.expected = text.expected;
  }
}
