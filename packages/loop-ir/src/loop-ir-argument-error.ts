/**
 * The error for an argument of a loop-ir function that is not what the function takes: its own
 * file, below the IR it describes, so the IR builders that throw it and the boundary checks
 * that read IR types do not import each other.
 */
import { describeValue } from '@tilekit/errors';
import { LoopIrError } from './loop-ir-error.js';

/** An argument of a loop-ir function that is not what the function takes. */
export class LoopIrArgumentError extends LoopIrError {
  override readonly name = 'LoopIrArgumentError';
  override readonly argument: string;
  override readonly expected: string;

  constructor(argument: string, expected: string, value: unknown) {
    super(`Invalid ${argument}: expected ${expected}, got ${describeValue(value)}`);
    this.argument = argument;
    this.expected = expected;
  }
}
