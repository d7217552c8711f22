/**
 * Typed errors of `@tilekit/conformance`. A failing case throws `ConformanceFailure`, whose
 * message always starts with the case id and the rule it checks, so whatever framework runs the
 * suite prints which rule an implementation broke.
 */

import { messageText, TilekitError } from '@tilekit/errors';

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
  override readonly argument: string;

  /** Fields that are not strings are described, so constructing never throws. */
  constructor(argument: string, problem: string) {
    const named = messageText(argument);
    super(`conformance: '${named}' ${messageText(problem)}`);
    this.argument = named;
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
  readonly caseId: string;
  readonly rule: string;
  readonly detail: string;

  /** Fields that are not strings are described, so constructing never throws. */
  constructor(caseId: string, rule: string, detail: string) {
    const [id, ruleId, text] = [caseId, rule, detail].map(messageText) as [string, string, string];
    super(`[${id}] breaks rule ${ruleId}: ${text}`);
    this.caseId = id;
    this.rule = ruleId;
    this.detail = text;
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
  readonly caseId: string;
  readonly rule: string;
  readonly reason: string;

  /** Fields that are not strings are described, so constructing never throws. */
  constructor(caseId: string, rule: string, reason: string) {
    const [id, ruleId, text] = [caseId, rule, reason].map(messageText) as [string, string, string];
    super(
      `[${id}] is excluded ("${text}") but now passes (rule ${ruleId}): remove the exclusion so the case guards the fix`,
    );
    this.caseId = id;
    this.rule = ruleId;
    this.reason = text;
  }
}
