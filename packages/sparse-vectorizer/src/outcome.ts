/**
 * Results of the shared analyse/codegen walkers. Every rule either succeeds (carrying the
 * vector value in codegen mode, nothing in analysis mode) or rejects with a reason that
 * ends up in the report for the loop it kept scalar.
 */
import type { Value } from '@tilekit/loop-ir';

/** Why a loop was left scalar; `code` is stable for programs, `detail` is for people. */
export interface Rejection {
  readonly ok: false;
  readonly code: ReasonCode;
  readonly detail: string;
}

/** Success of one rule; `value` is the vector form in codegen mode, absent when analysing. */
export interface Accepted<T> {
  readonly ok: true;
  readonly value: T | undefined;
}

/** The outcome of analysing (or generating) one statement, expression or subscript. */
export type Outcome<T = Value> = Accepted<T> | Rejection;

/** Every reason a loop can be left scalar. */
export type ReasonCode =
  /** Precondition (ForOpRewriter): the loop region has more than one block. */
  | 'not-single-block'
  /** Precondition: the step is not the constant 1. */
  | 'non-unit-step'
  /** Precondition: no `"Emitted from"` marker, so the sparsifier did not emit this loop. */
  | 'not-sparsifier-loop'
  /** The body holds only the terminator. */
  | 'empty-body'
  /** The loop carries more than one value. */
  | 'multiple-results'
  /** The yielded value is not `op(acc, x)` for a vectorizable combining op. */
  | 'not-a-reduction'
  /** A parallel loop whose last operation before the yield is not a `memref.store`. */
  | 'no-final-store'
  /** An operation with no vector form in the op tables. */
  | 'unsupported-op'
  /** A value whose type cannot be a vector element. */
  | 'unsupported-type'
  /** A subscript form the rules do not accept. */
  | 'unsupported-subscript'
  /** A shift by an amount that is not defined outside the loop. */
  | 'variant-shift'
  /** Fix 2: another side effect in the body would be dropped or run only every vl-th time. */
  | 'side-effect-not-feeding'
  /** Fix 3: a contiguous vector access on a memref whose innermost stride is not 1. */
  | 'non-unit-stride'
  /** Fix 4: the accumulator is used other than once, by the reduction op. */
  | 'accumulator-reused'
  /** A coordinate-load subscript computed inside a reduction loop that gets rebuilt. */
  | 'body-defined-coordinate-index';

/** Builds a rejection. */
export function reject(code: ReasonCode, detail: string): Rejection {
  return Object.freeze({ ok: false, code, detail });
}

/** Builds a success; pass the vector value in codegen mode. */
export function accept<T>(value?: T): Accepted<T> {
  return Object.freeze({ ok: true, value });
}

/** The value of a codegen-mode success (a missing value is a walker bug, not bad input). */
export function generated<T>(outcome: Accepted<T>): T {
  if (outcome.value === undefined) {
    throw new Error('internal: codegen walker returned no value');
  }
  return outcome.value;
}
