/**
 * The argument checks of this package's functions: what a caller passes a reference, a
 * generator, a comparison or a suite builder is checked before it is used, and anything else is
 * a `ConformanceConfigError` naming the argument and saying what was expected and what came.
 * Every check walks an array by index and stops at its first bad entry, so an array of 2^32 - 1
 * holes is refused at once.
 */
import { describeValue } from '@tilekit/errors';
import { ConformanceConfigError } from '../errors.js';

/** Throws `argument` must be `expected`, got `value`. */
export function refuse(argument: string, expected: string, value: unknown): never {
  throw new ConformanceConfigError(argument, `must be ${expected}, got ${describeValue(value)}`);
}

/** `value` is an object (not null; arrays count). */
export function requireObject(
  value: unknown,
  argument: string,
): asserts value is Readonly<Record<string, unknown>> {
  if (typeof value !== 'object' || value === null) refuse(argument, 'an object', value);
}

/** `value` is a string. */
export function requireString(value: unknown, argument: string): asserts value is string {
  if (typeof value !== 'string') refuse(argument, 'a string', value);
}

/** `value` is a function. */
export function requireFunction(
  value: unknown,
  argument: string,
): asserts value is (...args: never[]) => unknown {
  if (typeof value !== 'function') refuse(argument, 'a function', value);
}

/** `value` is undefined or a function. */
export function optionalFunction(value: unknown, argument: string): void {
  if (value !== undefined) requireFunction(value, argument);
}

/** `value` is an integer in `min..max`. */
export function requireInteger(
  value: unknown,
  argument: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): asserts value is number {
  if (!Number.isSafeInteger(value) || (value as number) < min || (value as number) > max) {
    refuse(argument, `an integer in ${min}..${max}`, value);
  }
}

/** `value` is undefined or an integer in `min..max`. */
export function optionalInteger(value: unknown, argument: string, min: number, max?: number): void {
  if (value !== undefined) requireInteger(value, argument, min, max);
}

/** `value` is an array of at most `maxLength` entries. */
export function requireArray(
  value: unknown,
  argument: string,
  maxLength: number,
): asserts value is readonly unknown[] {
  if (!Array.isArray(value)) refuse(argument, 'an array', value);
  if (value.length > maxLength) refuse(argument, `an array of at most ${maxLength} entries`, value);
}

/** `value` is an array of at most `maxLength` integers in `min..max`. */
export function requireIntegers(
  value: unknown,
  argument: string,
  min: number,
  max: number,
  maxLength: number,
): asserts value is readonly number[] {
  requireArray(value, argument, maxLength);
  for (let i = 0; i < value.length; i++) requireInteger(value[i], `${argument}[${i}]`, min, max);
}

/** `value` is array-like (a length that is a count) with at most `maxLength` elements. */
export function requireArrayLike(
  value: unknown,
  argument: string,
  maxLength: number,
): asserts value is ArrayLike<unknown> {
  const length =
    (typeof value === 'object' && value !== null) || typeof value === 'string'
      ? (value as { length?: unknown }).length
      : undefined;
  if (!Number.isSafeInteger(length) || (length as number) < 0) {
    refuse(argument, 'an array or typed array', value);
  }
  if ((length as number) > maxLength) {
    refuse(argument, `an array of at most ${maxLength} elements`, value);
  }
}

/** `value` is an array-like of at most `maxLength` numbers. */
export function requireNumbers(
  value: unknown,
  argument: string,
  maxLength: number,
): asserts value is ArrayLike<number> {
  requireArrayLike(value, argument, maxLength);
  for (let i = 0; i < value.length; i++) {
    if (typeof value[i] !== 'number') refuse(`${argument}[${i}]`, 'a number', value[i]);
  }
}

/** What one field of a generator's bounds may hold. */
export type BoundRule =
  | { readonly count: readonly [min: number, max: number] }
  | { readonly flag: true }
  | { readonly oneOf: readonly string[] }
  | { readonly text: true };

/**
 * Checks a generator's bounds: undefined (the defaults) or an object whose every field in
 * `rules` is absent or what its rule allows.
 * @throws ConformanceConfigError naming `argument` or the field (`bounds.maxDim`).
 */
export function checkBounds(
  bounds: unknown,
  argument: string,
  rules: Readonly<Record<string, BoundRule>>,
): void {
  if (bounds === undefined) return;
  requireObject(bounds, argument);
  for (const [key, rule] of Object.entries(rules)) {
    const value: unknown = bounds[key];
    if (value === undefined) continue;
    const name = `${argument}.${key}`;
    if ('count' in rule) requireInteger(value, name, rule.count[0], rule.count[1]);
    else if ('flag' in rule) {
      if (typeof value !== 'boolean') refuse(name, 'a boolean', value);
    } else if ('oneOf' in rule) {
      if (!rule.oneOf.includes(value as string))
        refuse(name, `one of ${rule.oneOf.join(', ')}`, value);
    } else requireString(value, name);
  }
}

/** Checks that `min <= max` of two bounds (their defaults filled in). */
export function requireOrdered(min: number, max: number, argument: string, names: string): void {
  if (min > max) refuse(argument, `${names} in increasing order`, `${min} > ${max}`);
}
