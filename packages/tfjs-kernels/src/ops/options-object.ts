/**
 * The options argument every op takes: it must be a plain object (or absent where optional) whose
 * keys are all options of that op. A misspelt key is an error rather than a silently applied
 * default, and the error names the option the caller most likely meant.
 */
import { KernelArgumentError } from '../errors.js';
import { describeValue } from './describe-value.js';

/**
 * Checks that `options` is an options object holding only `validKeys` (or undefined, when
 * `required` is null) and returns it.
 *
 * @param op Public op name, for errors.
 * @param options What the caller passed.
 * @param validKeys Every option the op reads.
 * @param required The required option that makes the object itself required (its name is put
 *   in the error), or null when the whole argument may be omitted.
 * @throws KernelArgumentError when `options` is not a plain object, or has a key not in
 *   `validKeys` (the message names the nearest valid key).
 */
export function optionsObject<T extends object>(
  op: string,
  options: T | undefined,
  validKeys: readonly (keyof T & string)[],
  required: string | null,
): Partial<T> {
  if (options === undefined && required === null) return {};
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new KernelArgumentError(
      op,
      'options',
      `must be an options object${required === null ? ' or undefined' : ` with ${required}`}, got ${describeValue(options)}`,
    );
  }
  for (const key of Object.keys(options)) {
    if (!(validKeys as readonly string[]).includes(key)) {
      throw new KernelArgumentError(
        op,
        'options',
        `has no option '${key}'; did you mean '${nearestKey(key, validKeys)}'? (${op} options: ${validKeys.join(', ')})`,
      );
    }
  }
  return options;
}

/** The valid key closest to `key`: case-insensitive edit distance, ties to the earlier key. */
export function nearestKey(key: string, validKeys: readonly string[]): string {
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

/**
 * Levenshtein distance, one row at a time. Keys are short, but a caller's key may be any
 * string, so it is truncated: a long key is far from every option anyway.
 */
function editDistance(a: string, b: string): number {
  const left = a.slice(0, 64);
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (left[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
