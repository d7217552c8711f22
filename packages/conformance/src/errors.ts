/**
 * Typed errors of `@tilekit/conformance`. A failing case throws `ConformanceFailure`, whose
 * message always starts with the case id and the rule it checks, so whatever framework runs the
 * suite prints which rule an implementation broke.
 */

import { TilekitError } from '@tilekit/errors';

/** Base class of every error this package throws (a `TilekitError`: code, argument, expected). */
export class ConformanceError extends TilekitError {
  override readonly name: string = 'ConformanceError';
}

/**
 * A suite was configured wrongly (an exclusion naming no case or giving no reason, an option
 * out of range, a missing implementation function). Thrown when the suite is built, never while
 * cases run, so a bad configuration cannot pass silently.
 */
export class ConformanceConfigError extends ConformanceError {
  override readonly name = 'ConformanceConfigError';

  /**
   * @param argument The offending option or argument, e.g. `'exclusions[2].case'`.
   * @param problem What was wrong, in words.
   */
  constructor(
    override readonly argument: string,
    problem: string,
  ) {
    super(`conformance: '${argument}' ${problem}`);
  }
}

/** One case found the implementation breaking the rule the case checks. */
export class ConformanceFailure extends ConformanceError {
  override readonly name = 'ConformanceFailure';

  /**
   * @param caseId Stable id of the failing case.
   * @param rule Id of the rule the case checks.
   * @param detail What differed: expected versus actual, counterexample, seed.
   */
  constructor(
    readonly caseId: string,
    readonly rule: string,
    readonly detail: string,
  ) {
    super(`[${caseId}] breaks rule ${rule}: ${detail}`);
  }
}

/** An excluded case passed: the exclusion is stale and must be removed. */
export class StaleExclusionError extends ConformanceError {
  override readonly name = 'StaleExclusionError';

  /**
   * @param caseId The excluded case that now passes.
   * @param rule Id of the rule the case checks.
   * @param reason The reason the exclusion gave.
   */
  constructor(
    readonly caseId: string,
    readonly rule: string,
    readonly reason: string,
  ) {
    super(
      `[${caseId}] is excluded ("${reason}") but now passes (rule ${rule}): remove the exclusion so the case guards the fix`,
    );
  }
}
