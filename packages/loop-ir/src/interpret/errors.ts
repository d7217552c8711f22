/** Typed interpreter errors. */

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
    super(`${opName}: ${detail}`);
  }
}

/** A memory access (load, store, or an active lane of a masked/gathered access) out of bounds. */
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
      `out-of-bounds access at [${indices.join(', ')}] of memref with shape [${shape.join(', ')}]${lane === undefined ? '' : ` (lane ${lane})`}`,
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
    super(`argument ${argument}: ${detail}`);
  }
}
