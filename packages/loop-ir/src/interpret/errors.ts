/** Typed interpreter errors. */

import { describeValue, messageText } from '@tilekit/errors';
import { LoopIrError } from '../loop-ir-error.js';

/** A run-time failure: undefined behaviour the program hit, or an unsupported construct. */
export class InterpretError extends LoopIrError {
  override readonly name: string = 'InterpretError';

  /**
   * @param opName the operation being executed (`vector.gather`)
   * @param detail what went wrong
   */
  constructor(
    readonly opName: string,
    readonly detail: string,
  ) {
    super(`${messageText(opName)}: ${messageText(detail)}`);
  }
}

/** A memory access (load, store, or an active lane of a masked/gathered access) out of bounds. */
/** Subscripts or a shape as a message shows them; a caller's junk is described, never joined. */
function listText(values: unknown): string {
  return Array.isArray(values) && values.length <= 16
    ? Array.from(values, (v: unknown) => describeValue(v)).join(', ')
    : describeValue(values);
}

export class OutOfBoundsError extends InterpretError {
  override readonly name = 'OutOfBoundsError';

  /**
   * @param opName the accessing operation
   * @param indices the offending subscripts
   * @param shape the memref's shape
   * @param lane the vector lane, for vector accesses
   */
  constructor(
    opName: string,
    readonly indices: readonly number[],
    readonly shape: readonly number[],
    readonly lane?: number,
  ) {
    super(
      opName,
      `out-of-bounds access at [${listText(indices)}] of memref with shape [${listText(shape)}]${lane === undefined ? '' : ` (lane ${describeValue(lane)})`}`,
    );
  }
}

/** An argument passed to `interpret` does not fit the function signature. */
export class InterpretArgumentError extends LoopIrError {
  override readonly name = 'InterpretArgumentError';

  /**
   * @param argument which argument (`#2 (memref<?xf32>)`)
   * @param detail what was wrong with it
   */
  constructor(
    override readonly argument: string,
    readonly detail: string,
  ) {
    super(`argument ${messageText(argument)}: ${messageText(detail)}`);
  }
}
