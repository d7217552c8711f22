/**
 * Typed errors of `@tilekit/tfjs-kernels`. Each names the offending argument and what was wrong,
 * so callers can branch on the class and users can read the message.
 */

import { TilekitError, messageText as text } from '@tilekit/errors';

/** Base class of every error this package throws (a `TilekitError`: code, argument, expected). */
export class TileKernelError extends TilekitError {
  override readonly name: string = 'TileKernelError';
}

/** An argument has the wrong dtype, rank, shape or option value. */
export class KernelArgumentError extends TileKernelError {
  override readonly name = 'KernelArgumentError';

  /**
   * @param op Public op name (`'tscatter'`, `'relayout'` ...).
   * @param argument Name of the offending argument or option.
   * @param problem What was wrong, in words.
   */
  constructor(
    readonly op: string,
    override readonly argument: string,
    problem: string,
  ) {
    // Texts through messageText: an error made from junk still has a message.
    super(`${text(op)}: argument '${text(argument)}' ${text(problem)}`);
  }
}

/** A PTO implementation constraint was violated; the message quotes the rule. */
export class PtoConstraintError extends TileKernelError {
  override readonly name = 'PtoConstraintError';

  /**
   * @param op Public op name.
   * @param target The target whose checks were applied.
   * @param rule Identifier of the rule (see `PTO_TILE_RULES`).
   * @param ruleText The rule as PTO's documentation states it.
   * @param detail The values that broke it.
   */
  constructor(
    readonly op: string,
    readonly target: string,
    readonly rule: string,
    readonly ruleText: string,
    detail: string,
  ) {
    super(
      `${text(op)}: PTO constraint violated for target '${text(target)}': "${text(ruleText)}" (${text(detail)})`,
    );
  }
}

/** A tile value does not fit the element or index type declared for it. */
export class TileValueError extends TileKernelError {
  override readonly name = 'TileValueError';

  /**
   * @param op Public op name.
   * @param argument Tensor argument holding the value.
   * @param position Flat position of the first offending element.
   * @param value The offending value.
   * @param declaredType The declared type it must fit.
   * @param requirement What the declared type admits, in words.
   */
  constructor(
    readonly op: string,
    override readonly argument: string,
    readonly position: number,
    readonly value: number,
    readonly declaredType: string,
    requirement: string,
  ) {
    super(
      `${text(op)}: argument '${text(argument)}' element ${text(position)} = ${text(value)} does not fit declared type ${text(declaredType)} (${text(requirement)})`,
    );
  }
}

/** An index addresses an element outside the tile it indexes (with `bounds: 'error'`). */
export class TileIndexError extends TileKernelError {
  override readonly name = 'TileIndexError';

  /**
   * @param op Public op name.
   * @param position `[batch, row, col]` of the offending index entry.
   * @param offset The offending flat offset.
   * @param size Element count of the addressed tile (valid offsets are `0 .. size - 1`).
   */
  constructor(
    readonly op: string,
    readonly position: readonly [number, number, number],
    readonly offset: number,
    readonly size: number,
  ) {
    const at =
      Array.isArray(position) && position.length <= 3
        ? position.map(text).join(', ')
        : text(position);
    const last = typeof size === 'number' ? String(size - 1) : `${text(size)} - 1`;
    super(
      `${text(op)}: argument 'idx' entry [${at}] = ${text(offset)} is outside the addressed tile of ${text(size)} elements (valid offsets 0..${last}); pass bounds: 'skip' to ignore such entries`,
    );
  }
}
