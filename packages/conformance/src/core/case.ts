/**
 * A conformance case: one check with a stable id and the rule it checks. Suites are plain lists
 * of cases, so the same list can be registered with a test framework or run standalone.
 */

import { messageText } from '@tilekit/errors';
import { ConformanceError } from '../errors.js';
import type { RuleId } from '../rules.js';
import { requireFunction } from './arguments.js';

/** One check of an implementation. */
export interface ConformanceCase<Id extends string = string> {
  /** Stable id, `<suite>/<group>/<name>`: exclusions and reports refer to it. */
  readonly id: Id;
  /** The rule this case checks (see `RULES`). */
  readonly rule: RuleId;
  /** Runs the check; throws `CaseMismatch` (or any error) when the implementation is wrong. */
  readonly run: () => void | Promise<void>;
}

/**
 * Thrown inside a case body to say what differed. The runner turns it into a
 * `ConformanceFailure` that also names the case and its rule.
 */
export class CaseMismatch extends ConformanceError {
  override readonly name = 'CaseMismatch';
}

/**
 * Throws a `CaseMismatch` with `detail` unless `condition` holds.
 * @throws ConformanceConfigError when `detail` is not a function.
 */
export function check(condition: boolean, detail: () => string): asserts condition {
  requireFunction(detail, 'detail');
  if (!condition) throw new CaseMismatch(messageText(detail()));
}
