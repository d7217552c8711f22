/**
 * The two error classes every public function of this package throws on bad input. Nothing
 * else escapes: parsing, validation, indexing and rendering all report through these.
 */

import { describeValue, messageText } from '@tilekit/errors';
import { LayoutError } from './layout-error.js';

/** Text that does not follow XLA's shape/layout grammar. */
export class LayoutSyntaxError extends LayoutError {
  override readonly name = 'LayoutSyntaxError';
  /** The text that was being parsed. */
  readonly input: string;
  /** Character offset in `input` where parsing stopped (`input.length` at end of input). */
  readonly offset: number;
  /** What the parser expected at `offset`, e.g. `"']'"` or `'a primitive type'`. */
  override readonly expected: string;
  /** The argument that held the text (`'shape'`, `'layout'`), when the error came from a call. */
  override readonly argument: string | undefined;

  /** Fields that are not what they should be are described, so constructing never throws. */
  constructor(input: string, offset: number, expected: string, found?: string, argument?: string) {
    const text = messageText(input);
    const wanted = messageText(expected);
    const seen = found === undefined ? describeAt(text, offset) : messageText(found);
    const shown = text.length > 120 ? `${text.slice(0, 117)}...` : text;
    super(
      `Syntax error at offset ${describeValue(offset)}: expected ${wanted}, found ${seen} in "${shown}"`,
    );
    this.input = text;
    this.offset = offset;
    this.expected = wanted;
    this.argument = argument === undefined ? undefined : messageText(argument);
  }
}

/**
 * A well-formed shape, layout or argument that breaks one of XLA's semantic rules
 * (minor_to_major not a permutation, zero tile dimension, index out of bounds, ...).
 */
export class LayoutValidationError extends LayoutError {
  override readonly name = 'LayoutValidationError';
  /** The argument (or attribute) at fault, e.g. `'index'`, `'layout.tiles'`. */
  override readonly argument: string;

  /** Fields that are not strings are described, so constructing never throws. */
  constructor(argument: string, problem: string) {
    const named = messageText(argument);
    super(`Invalid ${named}: ${messageText(problem)}`);
    this.argument = named;
  }
}

function describeAt(input: string, offset: unknown): string {
  if (typeof offset !== 'number' || !(offset < input.length)) return 'end of input';
  return JSON.stringify(input.slice(offset, offset + 12));
}
