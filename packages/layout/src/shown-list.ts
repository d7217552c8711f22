/**
 * How an error message shows a list the caller passed (a tile, a minor_to_major, split
 * indices): its entries when it is a short array, else `describeValue`'s summary. Joining a
 * caller's array directly could throw (an entry without a prototype, a symbol) or build an
 * enormous string (2^32 - 1 holes), and the error would never be seen.
 */
import { describeValue } from '@tilekit/errors';

/** Arrays longer than this are summarised (`an array of length n`), not listed. */
const LISTED = 16;

/**
 * `values`' entries joined by `,` (numbers as written, anything else described) when it is an
 * array of at most 16 entries, else its description; never throws.
 * @example shownList([2, 'x']) // "2,'x'"
 */
export function shownList(values: unknown): string {
  if (!Array.isArray(values) || values.length > LISTED) return describeValue(values);
  return Array.from(values, (value: unknown) =>
    typeof value === 'number' ? String(value) : describeValue(value),
  ).join(',');
}
