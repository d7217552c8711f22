/**
 * The error contract's junk corpus, shared by the junk-call harness (tools/checks) and every
 * package's error-contract test. It is the junk a caller can pass a public function by mistake:
 * the values JavaScript makes easy to pass where something else was expected (nullish, non-finite and out-of-range numbers, strings
 * that are not the text a parser wants, empty and huge arrays, frozen, prototype-less and
 * wrong-typed objects) and the hostile ones (a Proxy that throws on every trap, an object whose
 * getters throw). A few more come from a seeded stream, so a run is the same on every machine.
 */
import { seededRandom } from '@tilekit/conformance/testing';

/**
 * What the hostile values throw: an exception of the caller's own code. A function that lets it
 * through unchanged keeps the contract (it is not the function's error); one that catches it and
 * throws something untyped does not.
 */
export class CallerTrapError extends Error {
  override readonly name = 'CallerTrapError';
}

/** One junk value and how a report names it. */
export interface Junk {
  readonly label: string;
  readonly value: unknown;
}

const trap = (what: string) => () => {
  throw new CallerTrapError(`junk ${what} trap`);
};

/** A Proxy whose every trap throws. */
function throwingProxy(target: object): unknown {
  const handler: ProxyHandler<object> = {};
  for (const name of [
    'apply',
    'construct',
    'defineProperty',
    'deleteProperty',
    'get',
    'getOwnPropertyDescriptor',
    'getPrototypeOf',
    'has',
    'isExtensible',
    'ownKeys',
    'preventExtensions',
    'set',
    'setPrototypeOf',
  ] as const) {
    (handler as Record<string, unknown>)[name] = trap(name);
  }
  return new Proxy(target, handler);
}

/** Property names the packages' options and operands read: shape, dtype, ops, levels, ... */
const COMMON_KEYS = [
  'body',
  'dims',
  'dtype',
  'element',
  'engine',
  'format',
  'kind',
  'layout',
  'length',
  'levels',
  'name',
  'op',
  'ops',
  'options',
  'order',
  'shape',
  'size',
  'then',
  'tiles',
  'type',
  'values',
] as const;

/** An object whose every commonly read property (and iteration, and conversion) throws. */
function throwingGetters(): unknown {
  const object: Record<PropertyKey, unknown> = {};
  for (const key of [...COMMON_KEYS, Symbol.iterator, Symbol.toPrimitive, 'toString', 'valueOf']) {
    Object.defineProperty(object, key, { get: trap(`getter ${String(key)}`), enumerable: true });
  }
  return object;
}

/** An object whose common properties all hold a value of the wrong type. */
function wrongTyped(random: () => number): Record<string, unknown> {
  const wrong = [7, 'x', -1, true, null, [], {}, Number.NaN];
  return Object.fromEntries(
    COMMON_KEYS.filter((key) => key !== 'then').map((key) => [
      key,
      wrong[Math.floor(random() * wrong.length)],
    ]),
  );
}

/** A string of `length` characters drawn from printable ASCII and a few control characters. */
function randomText(random: () => number, length: number): string {
  const alphabet = ' \t\n%@#^(){}[]<>:;,.=-+*/0123456789abcxyzfiT?!"\'\\\0';
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(random() * alphabet.length)];
  return text;
}

/** The junk corpus of stream `seed`; the fixed values first, then the seeded ones. */
export function junkCorpus(seed: number): Junk[] {
  const random = seededRandom(seed);
  const hugeDense = new Array<number>(1 << 20).fill(1);
  const fixed: Junk[] = [
    { label: 'null', value: null },
    { label: 'undefined', value: undefined },
    { label: 'NaN', value: Number.NaN },
    { label: '-1', value: -1 },
    { label: '-0', value: -0 },
    { label: '0', value: 0 },
    { label: '1.5', value: 1.5 },
    { label: '2^31', value: 2 ** 31 },
    { label: '2^53', value: 2 ** 53 },
    { label: 'Infinity', value: Number.POSITIVE_INFINITY },
    { label: '-Infinity', value: Number.NEGATIVE_INFINITY },
    { label: '42n', value: 42n },
    { label: 'true', value: true },
    { label: 'Symbol', value: Symbol('junk') },
    { label: "''", value: '' },
    { label: "'junk'", value: 'junk' },
    { label: "'{'", value: '{' },
    { label: "'f32['", value: 'f32[' },
    { label: "'%0 = '", value: '%0 = ' },
    { label: 'a 1 MB string', value: 'x'.repeat(1 << 20) },
    { label: '[]', value: [] },
    { label: '[null]', value: [null] },
    { label: '[NaN, -1, 2^53]', value: [Number.NaN, -1, 2 ** 53] },
    { label: "['a']", value: ['a'] },
    { label: '[[]]', value: [[]] },
    { label: 'an array of 2^20 ones', value: hugeDense },
    { label: 'a holey array of length 2^32 - 1', value: new Array(2 ** 32 - 1) },
    { label: 'a frozen [2, 3]', value: Object.freeze([2, 3]) },
    { label: '{}', value: {} },
    { label: 'a frozen {}', value: Object.freeze({}) },
    { label: 'Object.create(null)', value: Object.create(null) },
    { label: 'a throwing Proxy', value: throwingProxy({}) },
    { label: 'a throwing array Proxy', value: throwingProxy([]) },
    { label: 'an object with throwing getters', value: throwingGetters() },
    { label: 'a frozen wrong-typed object', value: Object.freeze(wrongTyped(random)) },
    { label: 'a Map', value: new Map([['shape', [2]]]) },
    { label: 'a Date', value: new Date(0) },
    { label: 'a Float64Array', value: new Float64Array([1.5, -1, Number.NaN]) },
    { label: 'an empty Uint8Array', value: new Uint8Array(0) },
    { label: 'an ArrayBuffer', value: new ArrayBuffer(8) },
    { label: 'a function', value: () => undefined },
    { label: 'an Error', value: new Error('junk') },
  ];
  const seeded: Junk[] = [];
  for (let i = 0; i < 4; i++) {
    const text = randomText(random, 1 + Math.floor(random() * 24));
    seeded.push({ label: `the string ${JSON.stringify(text)}`, value: text });
  }
  for (let i = 0; i < 2; i++) {
    const n = Math.floor((random() - 0.5) * 2 ** (1 + Math.floor(random() * 60)));
    seeded.push({ label: `the number ${n}`, value: n });
  }
  seeded.push({ label: 'a wrong-typed object', value: wrongTyped(random) });
  return [...fixed, ...seeded];
}
