/**
 * Checks at the vectorizer's exported helpers (`vectorType`, `widenedIndexElement`,
 * `reportLines`, `formatReport`): an argument that is not what the function takes is a
 * {@link VectorizerArgumentError} naming it, never a TypeError from inside.
 */
import { type ArgumentErrorFields, argumentErrorClass } from '@tilekit/errors';
import type { ScalarType } from '@tilekit/loop-ir';
import type { VectorizeReport } from './report.js';
import { VectorizerError } from './vectorizer-error.js';

/**
 * An argument of a vectorizer helper that is not what the helper takes (`argument`, `expected`
 * and the message from `argumentErrorClass`).
 */
export class VectorizerArgumentError
  extends argumentErrorClass(VectorizerError)
  implements ArgumentErrorFields
{
  override readonly name = 'VectorizerArgumentError';
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** `value` is a scalar element type (index, an integer or a float type of loop-ir). */
export function expectScalarType(value: unknown, argument: string): asserts value is ScalarType {
  const kind = isObject(value) ? value.kind : undefined;
  const ok =
    kind === 'index' ||
    (kind === 'integer' && Number.isInteger((value as { width?: unknown }).width)) ||
    (kind === 'float' && typeof (value as { format?: unknown }).format === 'string');
  if (!ok)
    throw new VectorizerArgumentError(argument, 'a scalar type (index, iN or a float)', value);
}

/** Entries one report may list before it is refused (a report of a real module has far fewer). */
const MAX_REPORT_ENTRIES = 1 << 20;

/** `value` is a {@link VectorizeReport}: arrays of loop and chain entries, each an object. */
export function expectReport(value: unknown, argument: string): asserts value is VectorizeReport {
  if (!isObject(value)) throw new VectorizerArgumentError(argument, 'a VectorizeReport', value);
  for (const field of ['loops', 'chains'] as const) {
    const list = value[field];
    if (!Array.isArray(list) || list.length > MAX_REPORT_ENTRIES) {
      throw new VectorizerArgumentError(
        `${argument}.${field}`,
        `an array of at most ${MAX_REPORT_ENTRIES} entries`,
        list,
      );
    }
    for (let i = 0; i < list.length; i++) {
      if (!isObject(list[i]))
        throw new VectorizerArgumentError(`${argument}.${field}[${i}]`, 'an object', list[i]);
    }
  }
}
