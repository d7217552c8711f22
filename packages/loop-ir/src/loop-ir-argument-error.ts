/**
 * The error for an argument of a loop-ir function that is not what the function takes: its own
 * file, below the IR it describes, so the IR builders that throw it and the boundary checks
 * that read IR types do not import each other.
 */
import { type ArgumentErrorFields, argumentErrorClass } from '@tilekit/errors';
import { LoopIrError } from './loop-ir-error.js';

/**
 * An argument of a loop-ir function that is not what the function takes (`argument`,
 * `expected` and the message from `argumentErrorClass`).
 */
export class LoopIrArgumentError
  extends argumentErrorClass(LoopIrError)
  implements ArgumentErrorFields
{
  override readonly name: string = 'LoopIrArgumentError';
}
