/**
 * The options argument every op takes, checked by `@tilekit/tfjs-backend-support`'s one rule
 * (a plain object, or absent where optional, whose keys are all options of the op; a misspelt
 * key names the option meant) and raised as this package's argument error.
 */
import { optionsProblem } from '@tilekit/tfjs-backend-support';
import { KernelArgumentError } from '../errors.js';

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
  const problem = optionsProblem(op, options, validKeys, required);
  if (problem !== undefined) throw new KernelArgumentError(op, 'options', problem);
  return options ?? {};
}
