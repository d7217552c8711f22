/**
 * The texts of an error about one argument, as every package's argument error spells them:
 * `Invalid <argument>: expected <expected>, got <what was passed>`. One place, so the packages'
 * own argument-error classes (each extending its package's base error) read alike.
 */
import { describeValue } from './describe-value.js';
import { messageText } from './message-text.js';

/** The message and the `argument` / `expected` fields; never throws, whatever it is given. */
export interface ArgumentErrorText {
  readonly message: string;
  readonly argument: string;
  readonly expected: string;
}

/**
 * The texts of an error saying `argument` should be `expected` but was `value`. An `argument` or
 * `expected` that is not a string is described, so an error made from junk still reads.
 * @example argumentErrorText('shape', 'an array', 3).message // 'Invalid shape: expected an array, got 3'
 */
export function argumentErrorText(
  argument: unknown,
  expected: unknown,
  value: unknown,
): ArgumentErrorText {
  const named = messageText(argument);
  const wanted = messageText(expected);
  return {
    message: `Invalid ${named}: expected ${wanted}, got ${describeValue(value)}`,
    argument: named,
    expected: wanted,
  };
}
