/**
 * Exclusions: a case an implementation is known to fail, with the reason. An excluded case still
 * runs: failing is expected, passing is an error ("stale exclusion") so exclusions cannot outlive
 * the bug they describe.
 */
import { ConformanceConfigError } from '../errors.js';

/** A case an implementation is known to fail, and why. */
export interface Exclusion<Id extends string = string> {
  /** The excluded case's id. */
  readonly case: Id;
  /** Why it fails (a bug link, a deliberate dialect difference ...); must not be empty. */
  readonly reason: string;
}

/**
 * Checks exclusions against the suite's case ids and indexes them by case id.
 *
 * @throws ConformanceConfigError for an unknown case id, an empty reason or a duplicate.
 */
export function indexExclusions<Id extends string>(
  exclusions: readonly Exclusion<Id>[],
  caseIds: ReadonlySet<string>,
): ReadonlyMap<string, Exclusion<Id>> {
  const byCase = new Map<string, Exclusion<Id>>();
  exclusions.forEach((exclusion, n) => {
    const where = `exclusions[${n}]`;
    if (!caseIds.has(exclusion.case)) {
      throw new ConformanceConfigError(
        `${where}.case`,
        `names no case of this suite: '${exclusion.case}'`,
      );
    }
    if (typeof exclusion.reason !== 'string' || exclusion.reason.trim() === '') {
      throw new ConformanceConfigError(`${where}.reason`, `must say why '${exclusion.case}' fails`);
    }
    if (byCase.has(exclusion.case)) {
      throw new ConformanceConfigError(
        `${where}.case`,
        `excludes '${exclusion.case}' a second time`,
      );
    }
    byCase.set(exclusion.case, exclusion);
  });
  return byCase;
}
