/**
 * The iteration bound of `scf.while` in compiled code. The interpreter stops a loop after
 * `maxWhileIterations` iterations; compiled code runs a loop until its condition turns false
 * unless the caller asks for the same bound, since counting costs every iteration of the
 * co-iteration loops sparse kernels run.
 */
import { describeValue } from '@tilekit/errors';
import { EngineArgumentError } from './errors.js';

/** Options that may carry the bound. */
export interface WhileBoundOption {
  /**
   * The most iterations one execution of an `scf.while` runs: one more and the call throws an
   * `EngineRuntimeError` (`scf.while exceeded N iterations`), as the interpreter throws its
   * `InterpretError`. A non-negative integer, or `Infinity` (the default): no bound.
   */
  readonly maxWhileIterations?: number;
}

/** The bound `options` ask for (`undefined`: none), or an EngineArgumentError naming it. */
export function whileBoundOf(options: WhileBoundOption): number | undefined {
  const bound = options.maxWhileIterations ?? Number.POSITIVE_INFINITY;
  if (bound === Number.POSITIVE_INFINITY) return undefined;
  if (!Number.isSafeInteger(bound) || bound < 0)
    throw new EngineArgumentError(
      'options.maxWhileIterations',
      `must be a non-negative integer or Infinity, got ${describeValue(bound)}`,
    );
  return bound;
}

/** The run-time error text of a loop that ran past `bound` iterations (every engine's). */
export const whileBoundText = (bound: number): string => `scf.while exceeded ${bound} iterations`;
