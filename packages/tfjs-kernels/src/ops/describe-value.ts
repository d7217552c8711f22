/** How errors say what a caller passed where something else was expected. */

/**
 * A short description of any value for an error message: `null`, `undefined`, `an array`, `5`,
 * `true`, `'x'` (strings quoted, so `'5'` and `5` read differently), `a Tensor` (the
 * constructor's name for class instances), `an object`.
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return `'${(value.length > 40 ? `${value.slice(0, 40)}...` : value).replace(/['\\]/g, '\\$&')}'`;
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'object': {
      const name = (Object.getPrototypeOf(value) as { constructor?: { name?: unknown } } | null)
        ?.constructor?.name;
      return typeof name === 'string' && name !== 'Object' && name !== ''
        ? `a ${name}`
        : 'an object';
    }
    default:
      return typeof value;
  }
}
