/**
 * The base of every error a tilekit package throws for input it cannot accept. Each package
 * derives its own base from it (`LayoutError`, `LoopIrError`, ...), so every tilekit error has
 * one shape: a stable `code`, the `argument` at fault and what was `expected` where known.
 */

import { messageText } from './message-text.js';

/** The brand on every tilekit error, shared across copies of this package by `Symbol.for`. */
const BRAND = Symbol.for('@tilekit/error');

/** Base class of every tilekit library error. */
export class TilekitError extends Error {
  override readonly name: string = 'TilekitError';
  /** The argument (or option, or attribute) at fault, when the error is about one. */
  declare readonly argument?: string | undefined;
  /** What was expected instead, when the error can say. */
  declare readonly expected?: string | undefined;

  /**
   * @param message What went wrong. Anything that is not a string (a symbol, an object whose
   *   conversion throws, a huge array) is described instead of converted, so constructing an
   *   error never throws.
   * @param options `Error`'s options (`cause`).
   */
  constructor(message?: unknown, options?: ErrorOptions) {
    super(message === undefined ? undefined : messageText(message), options);
  }

  /**
   * A stable identifier of the kind of error: the class name, kebab-case, without `Error`
   * (`LayoutSyntaxError` has `layout-syntax`).
   */
  get code(): string {
    return this.name
      .replace(/Error$/, '')
      .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
      .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
      .toLowerCase();
  }
}

Object.defineProperty(TilekitError.prototype, BRAND, { value: true });

/**
 * Whether `error` is a tilekit library error (an input a library could not accept, as opposed to
 * a bug): it carries the brand, even when it comes from another copy of this package.
 */
export function isTilekitError(error: unknown): error is TilekitError {
  return (
    error instanceof Error &&
    (error as unknown as Record<symbol, unknown>)[BRAND] === true &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
