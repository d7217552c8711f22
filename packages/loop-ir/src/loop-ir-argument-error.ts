/**
 * The error for an argument of a loop-ir function that is not what the function takes: its own
 * file, below the IR it describes, so the IR builders that throw it and the boundary checks
 * that read IR types do not import each other.
 */
import { argumentErrorText } from '@tilekit/errors';
import { LoopIrError } from './loop-ir-error.js';

/** An argument of a loop-ir function that is not what the function takes. */
export class LoopIrArgumentError extends LoopIrError {
  override readonly name: string = 'LoopIrArgumentError';
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
