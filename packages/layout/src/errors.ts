/**
 * The two error classes every public function of this package throws on bad input. Nothing
 * else escapes: parsing, validation, indexing and rendering all report through these.
 */

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

  constructor(input: string, offset: number, expected: string, found?: string) {
    const seen = found ?? describeAt(input, offset);
    const shown = input.length > 120 ? `${input.slice(0, 117)}...` : input;
    super(`Syntax error at offset ${offset}: expected ${expected}, found ${seen} in "${shown}"`);
    this.input = input;
    this.offset = offset;
    this.expected = expected;
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

  constructor(argument: string, problem: string) {
    super(`Invalid ${argument}: ${problem}`);
    this.argument = argument;
  }
}

function describeAt(input: string, offset: number): string {
  if (offset >= input.length) return 'end of input';
  return JSON.stringify(input.slice(offset, offset + 12));
}
