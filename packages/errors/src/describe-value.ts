/**
 * How an error message says what a caller passed where something else was expected. Every
 * package's argument checks use this one description, so messages read alike everywhere.
 */

/** Longest string (and class name) shown whole; longer ones are cut with `...`. */
const SHOWN_STRING = 40;

/** Bigints from -LARGEST_SHOWN to LARGEST_SHOWN are shown whole, larger ones by their size. */
const LARGEST_SHOWN = 10n ** 40n;

/** How many prototypes are looked through for a constructor's name. */
const SHOWN_PROTOTYPES = 8;

/**
 * A short description of any value for an error message: `null`, `undefined`, `an array of
 * length 3`, `5`, `NaN`, `true`, `'x'` (strings quoted, so `'5'` and `5` read differently),
 * `a Float32Array`, `an object`. It never throws, runs none of the value's own code (no
 * getter, `toString`, `valueOf` or `Symbol.toPrimitive`; only a Proxy's traps, which it
 * survives) and never walks the value: a Proxy, an object whose getters throw or an array of
 * 2^32 - 1 holes is described without touching its contents, in at most a few dozen characters.
 */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  switch (typeof value) {
    case 'undefined':
      return 'undefined';
    case 'string':
      return `'${shortened(value).replace(/['\\]/g, '\\$&')}'`;
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'boolean':
      return String(value);
    case 'bigint':
      return describeBigint(value);
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      return describeObject(value as object);
  }
}

/** `text` cut to SHOWN_STRING characters with `...` (not between the halves of a pair). */
function shortened(text: string): string {
  if (text.length <= SHOWN_STRING) return text;
  const last = text.charCodeAt(SHOWN_STRING - 1);
  const end = last >= 0xd800 && last <= 0xdbff ? SHOWN_STRING - 1 : SHOWN_STRING;
  return `${text.slice(0, end)}...`;
}

/** `123n`, or for a bigint too long to show `a bigint of 300 bits` (without printing it). */
function describeBigint(value: bigint): string {
  if (value > -LARGEST_SHOWN && value < LARGEST_SHOWN) return `${value}n`;
  const magnitude = value < 0n ? -value : value;
  const approximate = Number(magnitude);
  if (!Number.isFinite(approximate)) return 'a bigint of more than 1024 bits';
  // log2 of the rounded number can be one off; the bigint comparisons settle it.
  let bits = Math.floor(Math.log2(approximate)) + 1;
  while (bits > 1 && magnitude < 1n << BigInt(bits - 1)) bits--;
  while (magnitude >= 1n << BigInt(bits)) bits++;
  return `a bigint of ${bits} bits`;
}

function describeObject(value: object): string {
  try {
    if (Array.isArray(value)) {
      // An array's length is a number; a Proxy's get trap may answer anything.
      const length: unknown = (value as unknown[]).length;
      return typeof length === 'number' ? `an array of length ${length}` : 'an array';
    }
    const prototype: unknown = Object.getPrototypeOf(value);
    if (prototype === null) return 'an object without a prototype';
    const name = constructorName(prototype);
    return name !== undefined && name !== 'Object' && name !== ''
      ? `${/^[AEIOU]/.test(name) ? 'an' : 'a'} ${shortened(name)}`
      : 'an object';
  } catch {
    // A Proxy whose traps throw (or a revoked one): the caller's object cannot be looked into.
    return 'an object that cannot be inspected';
  }
}

/**
 * The `name` of the nearest `constructor` along the prototype chain from `prototype`, read from
 * property descriptors only, so no getter runs: undefined when there is none within
 * SHOWN_PROTOTYPES prototypes, or it or its name is a getter.
 */
function constructorName(prototype: unknown): string | undefined {
  let at = prototype;
  for (let step = 0; step < SHOWN_PROTOTYPES && typeof at === 'object' && at !== null; step++) {
    const own = Object.getOwnPropertyDescriptor(at, 'constructor');
    if (own !== undefined) {
      const maker: unknown = own.value;
      if (typeof maker !== 'function') return undefined;
      const name: unknown = Object.getOwnPropertyDescriptor(maker, 'name')?.value;
      return typeof name === 'string' ? name : undefined;
    }
    at = Object.getPrototypeOf(at);
  }
  return undefined;
}
