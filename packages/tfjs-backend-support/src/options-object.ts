/**
 * The options argument an op takes: a plain object (or absent where optional) whose keys are all
 * options of that op. A misspelt key is an error rather than a silently applied default, and the
 * error names the option the caller most likely meant.
 */
import { nearestName, messageText as text } from '@tilekit/errors';
import { describeValue } from './describe-value.js';
import { expectArgument } from './pass-arguments.js';

/**
 * What is wrong with `options` as the options object of `op`, or `undefined` when nothing is:
 * not a plain object (where `required` is null, `undefined` is fine), or a key that is not in
 * `validKeys` (naming the valid key meant, by `@tilekit/errors`' `nearestName` rule, when one is
 * close). Each op throws its own typed error with the text.
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
      const meant = nearestName(key, validKeys);
      const hint = meant === undefined ? '' : `; did you mean '${meant}'?`;
      return `has no option '${key}'${hint} (${text(op)} options: ${validKeys.join(', ')})`;
    }
  }
  return undefined;
}

/** Most options an op may list: an options list is written by hand, a longer one is junk. */
const MAX_KEYS = 256;
