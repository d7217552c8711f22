/**
 * `describeValue` on whatever it is given: it never throws, its text stays short and it does a
 * bounded amount of work (counted through Proxy traps, and shown by an array of 2^32 - 1 holes
 * that no walk over it would finish).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeValue } from '../src/index.js';

/** The longest description any value may get. */
const LONGEST = 100;
/** The most Proxy traps one description may run. */
const MOST_TRAPS = 24;

const trap = (): never => {
  throw new Error('trap');
};
const throwingTraps: ProxyHandler<object> = {
  get: trap,
  getPrototypeOf: trap,
  getOwnPropertyDescriptor: trap,
  ownKeys: trap,
  has: trap,
  apply: trap,
  construct: trap,
};

function revoked<T extends object>(target: T): T {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

function holes(length: number): unknown[] {
  const a: unknown[] = [];
  a.length = length;
  return a;
}

function deeplyNested(depth: number): unknown[] {
  let v: unknown[] = [];
  for (let i = 0; i < depth; i++) v = [v];
  return v;
}

function cyclic(): object {
  const o: Record<string, unknown> = { a: [] };
  o.self = o;
  (o.a as unknown[]).push(o, o.a);
  return o;
}

const hostileConversions = {
  toString: trap,
  valueOf: trap,
  [Symbol.toPrimitive]: trap,
  get [Symbol.toStringTag]() {
    return trap();
  },
};

class Hostile {}
Object.defineProperty(Hostile, 'name', { get: trap });
class LongName {}
Object.defineProperty(LongName, 'name', { value: `N${'x'.repeat(100_000)}` });

/** Hand-made values each of which broke some message, or would break a naive description. */
const HOSTILE: ReadonlyArray<readonly [string, unknown]> = [
  ['a symbol', Symbol()],
  ['a described symbol', Symbol('desc')],
  ['a well-known symbol', Symbol.iterator],
  ['a null-prototype object', Object.create(null)],
  [
    'a null-prototype object that cannot convert',
    Object.create(null, Object.getOwnPropertyDescriptors(hostileConversions)),
  ],
  ['an object whose conversions throw', hostileConversions],
  ['an object whose conversions return objects', { toString: () => ({}), valueOf: () => ({}) }],
  [
    'a constructor getter that throws',
    Object.create(Object.defineProperty({}, 'constructor', { get: trap })),
  ],
  ['a class whose name getter throws', new Hostile()],
  ['a class with a 100 000-character name', new LongName()],
  ['a Proxy whose traps throw', new Proxy({}, throwingTraps)],
  ['a Proxy of an array whose traps throw', new Proxy([], throwingTraps)],
  ['a Proxy of a function whose traps throw', new Proxy(() => 1, throwingTraps)],
  ['a revoked Proxy', revoked({})],
  ['a revoked Proxy of an array', revoked([])],
  ['a revoked Proxy of a function', revoked(() => 1)],
  [
    'a Proxy whose prototype is a revoked Proxy',
    new Proxy({}, { getPrototypeOf: () => revoked({}) }),
  ],
  ['an array Proxy whose length is a symbol', new Proxy([], { get: () => Symbol('length') })],
  [
    'an array Proxy whose length is a long string',
    new Proxy([], { get: () => ({ toString: () => 'x'.repeat(1_000_000) }) }),
  ],
  ['an array of 2^32 - 1 holes', holes(2 ** 32 - 1)],
  ['a holey array', Object.assign(holes(3), { 0: 1, 2: 3 })],
  ['a typed array of 2^20 elements', new Uint8Array(2 ** 20)],
  [
    'a Proxy of 2^32 - 1 holes whose index reads throw',
    new Proxy(holes(2 ** 32 - 1), { get: (t, k) => (k === 'length' ? t.length : trap()) }),
  ],
  ['an array nested 100 000 deep', deeplyNested(100_000)],
  ['a cyclic structure', cyclic()],
  ['a string of a million characters', 'x'.repeat(1_000_000)],
  ['a long string of quotes and backslashes', "'\\".repeat(500)],
  ['a long string with a surrogate pair at the cut', `${'x'.repeat(39)}😀${'y'.repeat(10)}`],
  ['a bigint of 100 001 bits', 2n ** 100_000n],
  ['a negative bigint of 2001 bits', -(2n ** 2000n)],
  ['a bigint of 1 048 576 bits', 1n << 1_048_575n],
  ['a function', () => 1],
  ['a class', class {}],
  ['a bound function', function f() {}.bind(null)],
  ['a generator', (function* g() {})()],
  ['a class instance', new (class Point {})()],
  ['a Map', new Map([[1, 2]])],
  ['an invalid Date', new Date(Number.NaN)],
  ['a boxed string', Object('x'.repeat(1000))],
  ['a boxed symbol', Object(Symbol('s'))],
  ['a promise', Promise.resolve()],
  ['an Error', new Error('x'.repeat(1000))],
];

/** `value` behind a Proxy that counts every trap it runs (and otherwise does what `value` does). */
function counted(value: object): { proxy: object; traps: () => number } {
  let traps = 0;
  const handler = new Proxy(
    {},
    {
      get:
        (_, name) =>
        (...args: unknown[]) => {
          traps++;
          return (Reflect[name as keyof typeof Reflect] as (...a: unknown[]) => unknown)(...args);
        },
    },
  );
  return { proxy: new Proxy(value, handler), traps: () => traps };
}

/** Half of a surrogate pair without its other half. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function expectShort(value: unknown): string {
  const text = describeValue(value);
  expect(typeof text).toBe('string');
  expect(text.length).toBeGreaterThan(0);
  expect(text.length).toBeLessThanOrEqual(LONGEST);
  return text;
}

describe('describeValue on hostile values', () => {
  it.each(HOSTILE)('describes %s without throwing, in a short text', (_, value) => {
    expectShort(value);
    if ((typeof value === 'object' && value !== null) || typeof value === 'function') {
      // Behind a counting Proxy: the same, with a bounded number of traps.
      const { proxy, traps } = counted(value);
      expectShort(proxy);
      expect(traps()).toBeLessThanOrEqual(MOST_TRAPS);
    }
  });

  it('says what the hostile values are', () => {
    expect(describeValue(Symbol('desc'))).toBe('a symbol');
    expect(describeValue(holes(2 ** 32 - 1))).toBe('an array of length 4294967295');
    expect(describeValue(revoked({}))).toBe('an object that cannot be inspected');
    expect(describeValue(revoked([]))).toBe('an object that cannot be inspected');
    expect(
      describeValue(Object.create(null, Object.getOwnPropertyDescriptors(hostileConversions))),
    ).toBe('an object without a prototype');
    expect(describeValue(new Hostile())).toBe('an object');
    expect(describeValue(new LongName())).toBe(`a N${'x'.repeat(39)}...`);
    expect(describeValue(new Proxy([], { get: () => Symbol('length') }))).toBe('an array');
    expect(describeValue(`${'x'.repeat(39)}😀`)).toBe(`'${'x'.repeat(39)}...'`);
    expect(describeValue(2n ** 1000n)).toBe('a bigint of 1001 bits');
    expect(describeValue(2n ** 100_000n)).toBe('a bigint of more than 1024 bits');
    expect(describeValue(-(2n ** 2000n))).toBe('a bigint of more than 1024 bits');
    expect(describeValue(new (class Point {})())).toBe('a Point');
    expect(describeValue(new Map())).toBe('a Map');
  });
});

describe('describeValue on generated values', () => {
  it('returns a short text for anything, never throwing', () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBigInt: true,
          withBoxedValues: true,
          withDate: true,
          withMap: true,
          withSet: true,
          withNullPrototype: true,
          withObjectString: true,
          withSparseArray: true,
          withTypedArray: true,
          withUnicodeString: true,
        }),
        (value) => {
          expectShort(value);
        },
      ),
      { seed: 20_260_101, numRuns: 2000 },
    );
  });

  it('describes a hostile value inside, behind or below a generated one', () => {
    // Built in the property: fast-check looks into the values it generates, and these throw.
    const wrappings: ReadonlyArray<(hostile: unknown, other: unknown) => unknown> = [
      (h, o) => [o, h],
      (h, o) => ({ o, h }),
      (h, o) => Object.assign(Object.create(null), { o, h }),
      (h, o) => new Map([[o, h]]),
      (h) => (typeof h === 'object' && h !== null ? Object.create(h) : [h]),
      (h) => (typeof h === 'object' && h !== null ? new Proxy(h, {}) : h),
      (h, o) =>
        typeof o === 'object' && o !== null
          ? new Proxy(o, { getPrototypeOf: () => h as object | null })
          : o,
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: HOSTILE.length - 1 }),
        fc.integer({ min: 0, max: wrappings.length - 1 }),
        fc.anything({ withNullPrototype: true, withSparseArray: true, withTypedArray: true }),
        (i, w, other) => {
          const hostile = (HOSTILE[i] as readonly [string, unknown])[1];
          let value: unknown;
          try {
            value = (wrappings[w] as (h: unknown, o: unknown) => unknown)(hostile, other);
          } catch {
            return; // a wrapping JavaScript refuses (a Proxy's prototype that is no object)
          }
          expectShort(value);
        },
      ),
      { seed: 7, numRuns: 1000 },
    );
  });

  it('shows a bigint of up to 40 digits whole and a longer one by its exact bit count', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(2n ** 1100n), max: 2n ** 1100n }), (v) => {
        const magnitude = v < 0n ? -v : v;
        const bits = magnitude.toString(2).length;
        const expected =
          magnitude < 10n ** 40n
            ? `${v}n`
            : bits > 1024
              ? 'a bigint of more than 1024 bits'
              : `a bigint of ${bits} bits`;
        expect(describeValue(v)).toBe(expected);
      }),
      { seed: 11, numRuns: 2000 },
    );
  });

  it('cuts any long string to 40 characters, never between the halves of a pair', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (s) => {
        const text = expectShort(s);
        expect(LONE_SURROGATE.test(text)).toBe(LONE_SURROGATE.test(s));
      }),
      { seed: 3, numRuns: 2000 },
    );
  });
});
