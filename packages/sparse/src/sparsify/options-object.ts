/**
 * The options argument of sparsify and of every sparse op: a plain object (or absent) whose keys
 * are all options of the function. A misspelt key is an error rather than a silently applied
 * default, and the error names the option meant by `@tilekit/errors`' one "did you mean" rule.
 */
import { describeValue, nearestName } from '@tilekit/errors';
import { textOf } from '../sparse-error.js';
import { SparsifyError } from './errors.js';

/**
 * Checks that `options` is undefined or a plain object holding only `keys`.
 *
 * @param fn Public function name, for the message.
 * @param options What the caller passed.
 * @param keys Every option `fn` reads.
 * @throws SparsifyError naming `options` when it is not an object, or `options.<key>` for the
 *   first key that is not an option (with the option meant when one is close).
 */
export function checkOptionsObject(fn: string, options: unknown, keys: readonly string[]): void {
  const expected = `{${keys.join(', ')}}`;
  if (options === undefined) return;
  if (typeof options !== 'object' || options === null || Array.isArray(options))
    throw new SparsifyError(
      'options',
      `${fn} takes an options object ${expected} or nothing, got ${describeValue(options)}`,
      expected,
    );
  // A Proxy whose ownKeys trap throws passes the caller's own exception through.
  for (const key of Object.keys(options)) {
    if (keys.includes(key)) continue;
    const meant = nearestName(key, keys);
    const hint = meant === undefined ? '' : `; did you mean '${meant}'?`;
    throw new SparsifyError(
      `options.${key}`,
      `${fn} has no option '${textOf(key, 64)}'${hint} (${fn} options: ${keys.join(', ')})`,
      expected,
    );
  }
}
