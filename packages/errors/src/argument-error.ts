/**
 * The one shape of an argument error: each package's argument-error class derives from its own
 * base error through `argumentErrorClass`, so it declares only its name (and so its `code`),
 * while the constructor, the `argument` / `expected` fields and the message
 * (`Invalid <argument>: expected <expected>, got <what was passed>`) are written once, here.
 * This package's own, `TilekitArgumentError`, is made the same way, and is what the factory
 * throws for a base that is not a tilekit error class.
 */
import { argumentErrorText } from './argument-text.js';
import { isTilekitError, TilekitError } from './tilekit-error.js';

/** A class of tilekit errors, made from a message (every package's base error is one). */
export type TilekitErrorClass = abstract new (
  message?: unknown,
  options?: ErrorOptions,
) => TilekitError;

/** The fields every argument error has, always strings. */
export interface ArgumentErrorFields {
  /** The argument (or field of one) at fault, e.g. `'shape'` or `'report.loops[2]'`. */
  readonly argument: string;
  /** What the argument should have been, e.g. `'an array'`. */
  readonly expected: string;
}

/** The constructor `argumentErrorClass(Base)` returns: an error of `Base` about one argument. */
export type ArgumentErrorClass<Base extends TilekitErrorClass> = new (
  argument: string,
  expected: string,
  value: unknown,
) => InstanceType<Base> & ArgumentErrorFields;

/** Whether `base` is a class whose instances are tilekit errors (from any copy of this package). */
function isTilekitErrorClass(base: unknown): boolean {
  try {
    return typeof base === 'function' && isTilekitError(base.prototype);
  } catch {
    // A proxy whose traps throw is not a class this factory can extend.
    return false;
  }
}

/**
 * The argument-error class of `base`, unchecked: this package's own class is made with it, so
 * that an app that only meets `TilekitArgumentError` does not carry `argumentErrorClass`'s check.
 */
function shapedArgumentError<Base extends TilekitErrorClass>(base: Base): ArgumentErrorClass<Base> {
  // `Base` may be abstract in its type; every package's base error is a concrete class.
  const Concrete = base as unknown as new (message?: unknown) => TilekitError;
  class ArgumentError extends Concrete {
    override readonly argument: string;
    override readonly expected: string;

    constructor(argument: string, expected: string, value: unknown) {
      const text = argumentErrorText(argument, expected, value);
      super(text.message);
      this.argument = text.argument;
      this.expected = text.expected;
    }
  }
  return ArgumentError as unknown as ArgumentErrorClass<Base>;
}

/**
 * A class deriving from `base` whose errors say that `argument` should be `expected` but was
 * `value`. Extend it and set `name`: `class LoopIrArgumentError extends
 * argumentErrorClass(LoopIrError) { name = 'LoopIrArgumentError' }` is a `LoopIrError` with code
 * `loop-ir-argument`. An `argument` or `expected` that is not a string is described, so
 * constructing never throws.
 * @param base The package's base error class.
 * @throws {TilekitArgumentError} when `base` is not a class deriving from `TilekitError`.
 */
export function argumentErrorClass<Base extends TilekitErrorClass>(
  base: Base,
): ArgumentErrorClass<Base> {
  if (!isTilekitErrorClass(base)) {
    throw new TilekitArgumentError('base', 'a class deriving from TilekitError', base);
  }
  return shapedArgumentError(base);
}

/**
 * An argument of a function of this package (`rowMajorStrides`, `argumentErrorClass`) that is
 * not what it takes: it names the argument, what was expected and what was passed.
 */
export class TilekitArgumentError
  extends shapedArgumentError(TilekitError)
  implements ArgumentErrorFields
{
  override readonly name: string = 'TilekitArgumentError';
}
