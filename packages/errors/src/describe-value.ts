/**
 * How an error message says what a caller passed where something else was expected. Every
 * package's argument checks use this one description, so messages read alike everywhere.
 */

/** Longest string shown whole; longer ones are cut with `...`. */
const SHOWN_STRING = 40;

/**
 * A short description of any value for an error message: `null`, `undefined`, `an array of
 * length 3`, `5`, `NaN`, `true`, `'x'` (strings quoted, so `'5'` and `5` read differently),
 * `a Float32Array`, `an object`. It never throws and never walks the value: a Proxy, an object
 * whose getters throw or an array of 2^32 - 1 holes is described without touching its contents,
 * and a bigint past 32 hex digits by its size (`a bigint of 40 hex digits`).
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string': {
      const shown = value.length > SHOWN_STRING ? `${value.slice(0, SHOWN_STRING)}...` : value;
      return `'${shown.replace(/['\\]/g, '\\$&')}'`;
    }
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return String(value);
    case 'bigint': {
      // A bigint of millions of digits takes seconds to print in decimal; hex is linear.
      const hex = (value < 0n ? -value : value).toString(16);
      return hex.length > 32 ? `a bigint of ${hex.length} hex digits` : `${value}n`;
    }
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      return describeObject(value as object);
  }
}

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) return `an array of length ${value.length}`;
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype === null) return 'an object without a prototype';
    const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
    return typeof name === 'string' && name !== 'Object' && name !== ''
      ? `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${name}`
      : 'an object';
  } catch {
    // A Proxy whose traps throw: the caller's object cannot be looked into.
    return 'an object that cannot be inspected';
  }
}
