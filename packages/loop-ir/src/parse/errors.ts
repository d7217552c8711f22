/** Typed errors of the MLIR text parser. */

import { describeValue, messageText } from '@tilekit/errors';
import { LoopIrError } from '../loop-ir-error.js';

/** A syntax or name-resolution error at a source position (1-based line and column). */
export class MlirParseError extends LoopIrError {
  override readonly name = 'MlirParseError';

  /**
   * @param detail what was wrong, e.g. `expected ':' after operands`
   * @param line 1-based line of the offending token
   * @param column 1-based column of the offending token
   * @param expected what the parser expected there, when the error is about a missing token
   */
  constructor(
    readonly detail: string,
    readonly line: number,
    readonly column: number,
    override readonly expected?: string,
  ) {
    super(`${describeValue(line)}:${describeValue(column)}: ${messageText(detail)}`);
  }
}
