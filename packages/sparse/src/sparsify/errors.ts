/** Errors raised by the sparse loop emitter. */

import { SparseArgumentError, SparseError, textOf } from '../sparse-error.js';

/** Tensor index notation that does not follow the grammar (see notation.ts). */
export class NotationSyntaxError extends SparseError {
  override readonly name = 'NotationSyntaxError';
  /** The notation being parsed. */
  readonly input: string;
  /** Character offset where parsing stopped. */
  readonly offset: number;
  /** What the parser expected there. */
  override readonly expected: string;
  /** The notation is the argument at fault (`expression` of `sparsify`, `source` of `parseNotation`). */
  override readonly argument = 'expression';

  constructor(input: string, offset: number, expected: string) {
    const text = typeof input === 'string' ? input : textOf(input);
    const at = typeof offset === 'number' && Number.isFinite(offset) ? offset : 0;
    const found = at >= text.length ? 'end of input' : JSON.stringify(text.slice(at, at + 10));
    const wanted = textOf(expected);
    super(
      `Syntax error at offset ${at}: expected ${wanted}, found ${found} in "${textOf(text, 1000)}"`,
    );
    this.input = text;
    this.offset = at;
    this.expected = wanted;
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
