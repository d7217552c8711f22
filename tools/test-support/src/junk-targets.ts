/**
 * Junk-contract targets (see ./junk-contract.ts) for the common case: a function or class whose
 * parameters are passed straight through.
 */
import type { JunkTarget } from './junk-contract.js';

/** A target calling `f` with its parameters' `plausible()` arguments, junk in one of them. */
export function callTarget(
  parameters: string[],
  plausible: () => unknown[],
  f: (...args: never[]) => unknown,
): JunkTarget {
  return { plausible, parameters, call: (...args) => f(...(args as never[])) };
}

/** A target constructing `type` (with `new`), as {@link callTarget} calls a function. */
export function constructTarget(
  parameters: string[],
  plausible: () => unknown[],
  type: new (...args: never[]) => unknown,
): JunkTarget {
  return { plausible, parameters, call: (...args) => new type(...(args as never[])) };
}
