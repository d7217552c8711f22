/** Errors raised by the sparse loop emitter. */

import { SparseArgumentError, SparseError } from '../sparse-error.js';

/** Tensor index notation that does not follow the grammar (see notation.ts). */
export class NotationSyntaxError extends SparseError {
  override readonly name = 'NotationSyntaxError';
  /** The notation being parsed. */
  readonly input: string;
  /** Character offset where parsing stopped. */
  readonly offset: number;
  /** What the parser expected there. */
  override readonly expected: string;

  constructor(input: string, offset: number, expected: string) {
    const found =
      offset >= input.length ? 'end of input' : JSON.stringify(input.slice(offset, offset + 10));
    super(`Syntax error at offset ${offset}: expected ${expected}, found ${found} in "${input}"`);
    this.input = input;
    this.offset = offset;
    this.expected = expected;
  }
}

/**
 * A well-formed kernel the emitter cannot compile: unknown or inconsistent tensors and
 * formats, a sparse output, no loop order compatible with the formats, or an operand
 * combination outside what the emitter co-iterates.
 */
export class SparsifyError extends SparseArgumentError {
  override readonly name = 'SparsifyError';
}
