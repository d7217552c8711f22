/**
 * The tiny built-in runner: runs cases one after another, applies exclusions and collects a
 * result per case. Test-framework registration (framework.ts) uses the same `runCase`.
 */
import { describeValue, messageText } from '@tilekit/errors';
import { ConformanceFailure, StaleExclusionError } from '../errors.js';
import type { RuleId } from '../rules.js';
import { requireFunction, requireObject, requireString } from './arguments.js';
import { CaseMismatch, type ConformanceCase } from './case.js';
import type { Exclusion } from './exclusions.js';

/** How one case ended. `excluded`: it failed, as its exclusion says it would. */
export type CaseStatus = 'passed' | 'failed' | 'excluded';

/** The result of one case. */
export interface CaseResult {
  readonly id: string;
  readonly rule: RuleId;
  readonly status: CaseStatus;
  /** For `failed`: why (a broken rule, or a stale exclusion); for `excluded`: the predicted failure. */
  readonly error?: ConformanceFailure | StaleExclusionError;
  /** For `excluded`: the exclusion's reason. */
  readonly note?: string;
}

function describeError(error: unknown): string {
  if (error instanceof CaseMismatch) return error.message;
  if (error instanceof Error)
    return `threw ${messageText(error.name)}: ${messageText(error.message)}`;
  return `threw ${describeValue(error)}`;
}

/**
 * Runs one case. Never throws: a failure becomes a `failed` result whose error names the case
 * and its rule. An excluded case that fails is `excluded`; one that passes is `failed` with a
 * `StaleExclusionError`.
 */
export async function runCase(
  testCase: ConformanceCase,
  exclusion?: Exclusion,
): Promise<CaseResult> {
  requireObject(testCase as unknown, 'testCase');
  requireString(testCase.id, 'testCase.id');
  requireString(testCase.rule, 'testCase.rule');
  requireFunction(testCase.run, 'testCase.run');
  if (exclusion !== undefined) {
    requireObject(exclusion as unknown, 'exclusion');
    requireString(exclusion.reason, 'exclusion.reason');
  }
  const { id, rule } = testCase;
  let failure: ConformanceFailure | undefined;
  try {
    await testCase.run();
  } catch (error) {
    failure = new ConformanceFailure(id, rule, describeError(error));
  }
  if (exclusion === undefined) {
    return failure === undefined
      ? { id, rule, status: 'passed' }
      : { id, rule, status: 'failed', error: failure };
  }
  if (failure === undefined) {
    return {
      id,
      rule,
      status: 'failed',
      error: new StaleExclusionError(id, rule, exclusion.reason),
    };
  }
  return { id, rule, status: 'excluded', error: failure, note: exclusion.reason };
}
