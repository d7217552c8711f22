/**
 * The range check every package's argument checks make of a count, a length or a size: an
 * integer (a number, not a numeric string or a bigint) from `min` to `max`, both included. One
 * definition, so `NaN`, `Infinity`, `2.5` and `'3'` are refused alike everywhere.
 */

/**
 * Whether `value` is an integer from `min` to `max`, both included.
 * @example isIntegerIn(4, 1, 64) // true
 * @example isIntegerIn(2.5, 0, 10) // false
 */
export function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
