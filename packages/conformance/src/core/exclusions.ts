/**
 * Exclusions: a case an implementation is known to fail, with the reason. An excluded case still
 * runs: failing is expected, passing is an error ("stale exclusion") so exclusions cannot outlive
 * the bug they describe.
 */
import { ConformanceConfigError } from '../errors.js';

/**
 * A case id segment (between `/`) that matches any one segment, so an implementation can exclude
 * e.g. `vectorizer/*\/fix2_two_stores/decisions` under every option set without naming them.
 */
const ANY_SEGMENT = '*';

/** A case an implementation is known to fail, and why. */
export interface Exclusion<Id extends string = string> {
  /**
   * The excluded case's id, or a pattern of ids: a segment that is exactly `*` matches any one
   * segment (same number of segments, every other segment equal).
   */
  readonly case: Id;
  /** Why it fails (a bug link, a deliberate dialect difference ...); must not be empty. */
  readonly reason: string;
}

/** Whether the exclusion's `pattern` names the case `id` (itself, or through `*` segments). */
export function exclusionMatches(pattern: string, id: string): boolean {
  if (pattern === id) return true;
  const wanted = pattern.split('/');
  const segments = id.split('/');
  return (
    wanted.includes(ANY_SEGMENT) &&
    wanted.length === segments.length &&
    wanted.every((segment, n) => segment === ANY_SEGMENT || segment === segments[n])
  );
}

/**
 * Checks exclusions against the suite's case ids and indexes them by the case ids they match, so
 * every matched case runs as excluded (and fails as stale once it passes).
 *
 * @throws ConformanceConfigError for a case id or pattern that matches no case, an empty reason,
 *   or a case matched by two exclusions (a duplicate, or overlapping patterns).
 */
export function indexExclusions<Id extends string>(
  exclusions: readonly Exclusion<Id>[],
  caseIds: ReadonlySet<string>,
): ReadonlyMap<string, Exclusion<Id>> {
  const byCase = new Map<string, Exclusion<Id>>();
  exclusions.forEach((exclusion, n) => {
    const where = `exclusions[${n}]`;
    const matched = [...caseIds].filter((id) => exclusionMatches(exclusion.case, id));
    if (matched.length === 0) {
      throw new ConformanceConfigError(
        `${where}.case`,
        `names no case of this suite: '${exclusion.case}'`,
      );
    }
    if (typeof exclusion.reason !== 'string' || exclusion.reason.trim() === '') {
      throw new ConformanceConfigError(`${where}.reason`, `must say why '${exclusion.case}' fails`);
    }
    for (const id of matched) {
      const earlier = byCase.get(id);
      if (earlier !== undefined) {
        const again =
          earlier.case === exclusion.case
            ? 'a second time'
            : `already excluded by '${earlier.case}'`;
        throw new ConformanceConfigError(`${where}.case`, `excludes '${id}' ${again}`);
      }
      byCase.set(id, exclusion);
    }
  });
  return byCase;
}
