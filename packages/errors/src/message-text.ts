/**
 * How an error's own text fields (its message, the argument it names, what it expected) are
 * made from whatever a caller passed: a string is used as it is, anything else is described by
 * `describeValue`. Converting instead could throw (a symbol, an object without a prototype, a
 * Proxy) or build an enormous string (an array of 2^32 - 1 holes), and an error that cannot be
 * constructed would hide the one being reported.
 */
import { describeValue } from './describe-value.js';

/**
 * `value` itself when it is a string, else its description (`describeValue`); never throws.
 * @example messageText('shape') // 'shape'
 * @example messageText(Symbol('x')) // 'a symbol'
 */
export function messageText(value: unknown): string {
  return typeof value === 'string' ? value : describeValue(value);
}
