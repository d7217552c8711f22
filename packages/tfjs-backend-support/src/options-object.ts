/**
 * The options argument an op takes: a plain object (or absent where optional) whose keys are all
 * options of that op. A misspelt key is an error rather than a silently applied default, and the
 * error names the option the caller most likely meant.
 */
import { messageText as text } from '@tilekit/errors';
import { describeValue } from './describe-value.js';
import { expectArgument } from './pass-arguments.js';

/** Longest key compared in full: a longer one is far from every option anyway. */
const COMPARED_KEY_LENGTH = 64;

/**
 * What is wrong with `options` as the options object of `op`, or `undefined` when nothing is:
 * not a plain object (where `required` is null, `undefined` is fine), or a key that is not in
 * `validKeys` (naming the nearest valid key). Each op throws its own typed error with the text.
 *
 * @param op Public op name, for the text.
 * @param options What the caller passed.
 * @param validKeys Every option the op reads.
 * @param required The required option that makes the object itself required (its name is put
 *   in the text), or null when the whole argument may be omitted.
 */
export function optionsProblem(
  op: string,
  options: unknown,
  validKeys: readonly string[],
  required: string | null,
): string | undefined {
  expectArgument(
    Array.isArray(validKeys) &&
      validKeys.length <= MAX_KEYS &&
      validKeys.every((k) => typeof k === 'string'),
    'optionsProblem',
    'validKeys',
    'an array of option names',
    validKeys,
  );
  if (options === undefined && required === null) return undefined;
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    return `must be an options object${required === null ? ' or undefined' : ` with ${text(required)}`}, got ${describeValue(options)}`;
  }
  for (const key of Object.keys(options)) {
    if (!validKeys.includes(key)) {
      return `has no option '${key}'; did you mean '${nearestKey(key, validKeys)}'? (${text(op)} options: ${validKeys.join(', ')})`;
    }
  }
  return undefined;
}

/** Most options an op may list: an options list is written by hand, a longer one is junk. */
const MAX_KEYS = 256;

/**
 * The valid key closest to `key`: case-insensitive edit distance, ties to the earlier key
 * (`''` when there is none).
 */
function nearestKey(key: string, validKeys: readonly string[]): string {
  let best = validKeys[0] ?? '';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of validKeys) {
    const distance = editDistance(key.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Levenshtein distance, one row at a time, over the first characters of each word. */
function editDistance(a: string, b: string): number {
  const left = a.slice(0, COMPARED_KEY_LENGTH);
  const right = b.slice(0, COMPARED_KEY_LENGTH);
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= right.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (left[i - 1] === right[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
