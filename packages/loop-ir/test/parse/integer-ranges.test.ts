/**
 * Integer literals at every place of the text that holds one, generated around the edges of
 * the ranges (2^31, 2^32, 2^53, 2^63, 2^64 and their negations, decimal and hex, many digits):
 * each either parses to exactly the value the place's rule gives, and prints to text that parses
 * back to the same module, or is an `MlirParseError`; never another error, never a value rounded
 * or wrapped on the way in (a fuzzer found positions wrapping modulo 2^64 and dimensions rounded
 * to doubles).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Attribute,
  MlirParseError,
  type Module,
  type Operation,
  parseModule,
  printModule,
  walkOperations,
} from '../../src/index.js';

/** One generated literal: its text and the exact value it spells. */
interface Literal {
  readonly text: string;
  readonly value: bigint;
  readonly negative: boolean;
  readonly hex: boolean;
}

const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const BOUNDARIES = [0n, 1n, 2n ** 31n, 2n ** 32n, 2n ** 53n, 2n ** 63n, 2n ** 64n, 10n ** 20n];

const nearBoundaryArb = fc
  .tuple(fc.constantFrom(...BOUNDARIES), fc.integer({ min: -3, max: 3 }))
  .map(([b, d]) => b + BigInt(d))
  .filter((v) => v >= 0n);

const magnitudeArb: fc.Arbitrary<bigint> = fc.oneof(
  { weight: 6, arbitrary: nearBoundaryArb },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 10n ** 40n }) },
  { weight: 2, arbitrary: fc.bigInt({ min: 0n, max: 16n }) },
);

const literalArb: fc.Arbitrary<Literal> = fc
  .record({
    magnitude: magnitudeArb,
    negative: fc.boolean(),
    hex: fc.boolean(),
    upper: fc.boolean(),
    zeros: fc.constantFrom('', '', '', '0', '00'),
  })
  .map(({ magnitude, negative, hex, upper, zeros }) => {
    const digits = hex ? magnitude.toString(16) : magnitude.toString();
    const body = `${hex ? '0x' : ''}${zeros}${upper ? digits.toUpperCase() : digits}`;
    return {
      text: `${negative ? '-' : ''}${body}`,
      value: negative ? -magnitude : magnitude,
      negative,
      hex,
    };
  });

/** What a place makes of a literal: the values it stores, or the error gist. */
type Outcome = { readonly values: readonly bigint[] } | { readonly error: RegExp };

interface Site {
  readonly name: string;
  /** A module with the literal at this place. */
  readonly text: (literal: string) => string;
  /** The values the place holds in a parsed module. */
  readonly read: (m: Module) => readonly bigint[];
  /** The rule: what the literal must give. */
  readonly expect: (l: Literal) => Outcome;
  /** Whether the generated literals must include both accepted and rejected ones. */
  readonly bothWays: boolean;
}

const ANY_ERROR = /./;
const ok = (...values: bigint[]): Outcome => ({ values });
const fails = (error: RegExp = ANY_ERROR): Outcome => ({ error });

function ops(m: Module, name: string): Operation[] {
  const found: Operation[] = [];
  walkOperations(m, (op) => {
    if (op.name === name) found.push(op);
  });
  return found;
}

function attr(m: Module, opName: string, key: string): Attribute {
  const a = ops(m, opName)[0]?.attributes[key];
  if (a === undefined) throw new Error(`no ${key} on ${opName}`);
  return a;
}

function denseArray(a: Attribute): readonly bigint[] {
  if (a.kind !== 'denseArray') throw new Error(`not a dense array: ${a.kind}`);
  return a.values;
}

function integerValue(a: Attribute): bigint {
  if (a.kind !== 'integer') throw new Error(`not an integer: ${a.kind}`);
  return a.value;
}

/** The type of the first argument of `@f`. */
function firstArgType(m: Module) {
  const t = ops(m, 'func.func')[0]?.regions[0]?.blocks[0]?.arguments[0]?.type;
  if (t === undefined) throw new Error('no argument');
  return t;
}

function shapeOf(m: Module): bigint[] {
  const t = firstArgType(m);
  if (t.kind !== 'vector' && t.kind !== 'memref') throw new Error(`not shaped: ${t.kind}`);
  return t.shape.map((d) => (d === '?' ? -1n : BigInt(d)));
}

function layoutOf(m: Module) {
  const t = firstArgType(m);
  if (t.kind !== 'memref' || t.layout === undefined) throw new Error('no strided layout');
  return t.layout;
}

const dim = (d: number | '?'): bigint => (d === '?' ? -1n : BigInt(d));

/** int64 places (MLIR's `parseInteger(int64_t &)`): exact, no wrapping. */
function int64Rule(what: RegExp) {
  return (l: Literal): Outcome =>
    l.value < INT64_MIN || l.value > INT64_MAX ? fails(what) : ok(l.value);
}

/** Vector positions: int64, but the dynamic marker only from an SSA value. */
function positionRule(l: Literal): Outcome {
  if (l.value === INT64_MIN) return fails(/is the dynamic-position marker/);
  return int64Rule(/^vector position -?\w+( \(-?\d+\))? is out of the int64 range$/)(l);
}

/** `number` places: safe integers only, else an error naming the place. */
function safeRule(what: string) {
  return (l: Literal): Outcome =>
    l.value > MAX_SAFE || l.value < -MAX_SAFE
      ? fails(new RegExp(`^${what} -?\\w+( \\(-?\\d+\\))? is (above|below) .*2\\^53 - 1`))
      : ok(l.value);
}

/**
 * Signless integer attributes of `width` bits: MLIR's rule, the signed or the unsigned range of
 * the width, held as the bit pattern (so `255 : i8` is `-1 : i8`, as mlir-opt prints it).
 */
function attributeRule(width: number) {
  return (l: Literal): Outcome => {
    const w = BigInt(width);
    if (l.value < -(1n << (w - 1n)) || l.value >= 1n << w) return fails(/out of range/);
    return ok(width === 1 ? BigInt.asUintN(1, l.value) : BigInt.asIntN(width, l.value));
  };
}

/**
 * Shape dimensions: decimal only, as in MLIR, where `0x10` in a shape is `0`, `x`, `10`
 * (hex is not read there); each dimension must be a safe integer, `vector` ones positive.
 */
function dimensionRule(keyword: 'memref' | 'vector', scalable: boolean) {
  return (l: Literal): Outcome => {
    if (l.negative) return fails();
    let dims = [l.text];
    if (l.hex) {
      // `0x<rest>`: MLIR reads `0` and, if `<rest>` is digits, a second dimension.
      if (scalable) return fails();
      const rest = l.text.slice(2);
      if (!/^[0-9]+$/.test(rest)) return fails();
      dims = ['0', rest];
    }
    const values = dims.map(BigInt);
    for (const v of values) {
      if (v > MAX_SAFE) return fails(new RegExp(`^${keyword} dimension \\d+ is above 2\\^53 - 1`));
    }
    if (keyword === 'vector' && values.includes(0n)) return fails();
    return ok(...values);
  };
}

const fn = (args: string, body: string, results = ''): string =>
  `func.func @f(${args})${results} {\n${body}\n}\n`;

const SITES: readonly Site[] = [
  {
    name: 'vector.insert position',
    text: (t) =>
      fn(
        '%x: vector<4xf32>, %y: f32',
        `  %0 = vector.insert %y, %x [${t}] : f32 into vector<4xf32>\n  return %0 : vector<4xf32>`,
        ' -> vector<4xf32>',
      ),
    read: (m) => denseArray(attr(m, 'vector.insert', 'static_position')),
    expect: positionRule,
    bothWays: true,
  },
  {
    name: 'vector.extract position after a dynamic one',
    text: (t) =>
      fn(
        '%x: vector<4x4xf32>, %i: index',
        `  %0 = vector.extract %x[%i, ${t}] : f32 from vector<4x4xf32>\n  return %0 : f32`,
        ' -> f32',
      ),
    read: (m) => denseArray(attr(m, 'vector.extract', 'static_position')).slice(1),
    expect: positionRule,
    bothWays: true,
  },
  {
    name: 'vector.constant_mask size',
    text: (t) =>
      fn(
        '',
        `  %0 = vector.constant_mask [${t}] : vector<4xi1>\n  return %0 : vector<4xi1>`,
        ' -> vector<4xi1>',
      ),
    read: (m) => denseArray(attr(m, 'vector.constant_mask', 'mask_dim_sizes')),
    expect: int64Rule(/^mask dimension size -?\w+( \(-?\d+\))? is out of the int64 range$/),
    bothWays: true,
  },
  {
    name: 'memref dimension',
    text: (t) => fn(`%x: memref<${t}xf32>`, '  return'),
    read: shapeOf,
    expect: dimensionRule('memref', false),
    bothWays: true,
  },
  {
    name: 'memref dimension after a dynamic one',
    text: (t) => fn(`%x: memref<?x${t}xf32>`, '  return'),
    read: (m) => shapeOf(m).slice(1),
    expect: dimensionRule('memref', false),
    bothWays: true,
  },
  {
    name: 'vector dimension',
    text: (t) => fn(`%x: vector<2x${t}xi32>`, '  return'),
    read: (m) => shapeOf(m).slice(1),
    expect: dimensionRule('vector', false),
    bothWays: true,
  },
  {
    name: 'scalable vector dimension',
    text: (t) => fn(`%x: vector<[${t}]xf32>`, '  return'),
    read: shapeOf,
    expect: dimensionRule('vector', true),
    bothWays: true,
  },
  {
    name: 'strided stride',
    text: (t) => fn(`%x: memref<4x4xf32, strided<[4, ${t}]>>`, '  return'),
    read: (m) => [dim(layoutOf(m).strides[1] as number | '?')],
    expect: safeRule('strided stride'),
    bothWays: true,
  },
  {
    name: 'strided offset',
    text: (t) => fn(`%x: memref<4xf32, strided<[1], offset: ${t}>>`, '  return'),
    read: (m) => [dim(layoutOf(m).offset)],
    expect: safeRule('strided offset'),
    bothWays: true,
  },
  {
    name: 'affine constant',
    text: (t) =>
      fn(
        '%i: index',
        `  %0 = affine.apply affine_map<(d0) -> (${t})>(%i)\n  return %0 : index`,
        ' -> index',
      ),
    read: (m) => {
      const a = attr(m, 'affine.apply', 'map');
      const e = a.kind === 'affineMap' ? a.map.results[0] : undefined;
      if (e?.kind !== 'constant') throw new Error('not a constant map');
      return [e.value];
    },
    // mlir-opt's rule: the literal before its negation fits int64 (so -2^63 does not).
    expect: (l) =>
      l.value > INT64_MAX || l.value < -INT64_MAX
        ? fails(/^constant too large for index$/)
        : ok(l.value),
    bothWays: true,
  },
  ...[1, 8, 16, 32, 64].map(
    (width): Site => ({
      name: `arith.constant : i${width}`,
      text: (t) =>
        fn('', `  %0 = arith.constant ${t} : i${width}\n  return %0 : i${width}`, ` -> i${width}`),
      read: (m) => [integerValue(attr(m, 'arith.constant', 'value'))],
      expect: attributeRule(width),
      bothWays: true,
    }),
  ),
  {
    name: 'arith.constant : index',
    text: (t) => fn('', `  %0 = arith.constant ${t} : index\n  return %0 : index`, ' -> index'),
    read: (m) => [integerValue(attr(m, 'arith.constant', 'value'))],
    expect: attributeRule(64),
    bothWays: true,
  },
  {
    name: 'untyped integer attribute (i64)',
    text: (t) => `func.func @f() attributes {k = ${t}} {\n  return\n}\n`,
    read: (m) => [integerValue(attr(m, 'func.func', 'k'))],
    expect: attributeRule(64),
    bothWays: true,
  },
  {
    name: 'dense array element',
    text: (t) => `func.func @f() attributes {k = array<i16: 3, ${t}>} {\n  return\n}\n`,
    read: (m) => denseArray(attr(m, 'func.func', 'k')).slice(1),
    expect: attributeRule(16),
    bothWays: true,
  },
  {
    name: 'dense elements',
    text: (t) =>
      fn(
        '',
        `  %0 = arith.constant dense<[${t}, 7]> : vector<2xi32>\n  return %0 : vector<2xi32>`,
        ' -> vector<2xi32>',
      ),
    read: (m) => {
      const a = attr(m, 'arith.constant', 'value');
      if (a.kind !== 'dense') throw new Error('not dense');
      return [a.values[0] as bigint];
    },
    expect: attributeRule(32),
    bothWays: true,
  },
  {
    name: 'result count',
    text: (t) => fn('%a: f32', `  %0:${t} = arith.addf %a, %a : f32\n  return`),
    read: (m) => [BigInt(ops(m, 'arith.addf')[0]?.results.length ?? 0)],
    expect: (l) => (l.value === 1n && !l.negative ? ok(1n) : fails()),
    bothWays: false,
  },
  {
    name: 'result number',
    text: (t) =>
      fn(
        '%a: f32',
        `  %0 = arith.addf %a, %a : f32\n  %1 = arith.addf %0#${t}, %a : f32\n  return`,
      ),
    read: (m) => [
      ops(m, 'arith.addf')[1]?.operands[0] === ops(m, 'arith.addf')[0]?.results[0] ? 0n : -1n,
    ],
    // Only decimal digits follow `#`.
    expect: (l) => (l.value === 0n && !l.negative && !l.hex ? ok(0n) : fails()),
    bothWays: false,
  },
];

/** Parses `text`, returning the module or the error it threw. */
function attempt(text: string): Module | unknown {
  try {
    return parseModule(text);
  } catch (e) {
    return e;
  }
}

/** Checks one literal at one site against the site's rule; returns whether it parsed. */
function check(site: Site, literal: Literal): boolean {
  const text = site.text(literal.text);
  const want = site.expect(literal);
  const got = attempt(text);
  if (got instanceof Error) {
    expect(got, `${literal.text}: ${got.message}`).toBeInstanceOf(MlirParseError);
    expect('error' in want, `${literal.text} was rejected: ${got.message}`).toBe(true);
    if ('error' in want) expect((got as MlirParseError).detail).toMatch(want.error);
    return false;
  }
  expect('values' in want, `${literal.text} was accepted`).toBe(true);
  const m = got as Module;
  if ('values' in want) expect(site.read(m)).toEqual(want.values);
  const printed = printModule(m);
  const again = parseModule(printed);
  expect(printModule(again)).toBe(printed);
  if ('values' in want) expect(site.read(again)).toEqual(want.values);
  return true;
}

describe('integer literals are read exactly or rejected with MlirParseError', () => {
  for (const [i, site] of SITES.entries()) {
    it(site.name, () => {
      let accepted = 0;
      let rejected = 0;
      fc.assert(
        fc.property(literalArb, (literal) => {
          if (check(site, literal)) accepted++;
          else rejected++;
        }),
        { seed: 4100 + i, numRuns: 300 },
      );
      if (site.bothWays) {
        expect(accepted).toBeGreaterThan(0);
        expect(rejected).toBeGreaterThan(0);
      }
    });
  }
});

describe('the fuzzer’s cases', () => {
  const insert = (pos: string) =>
    fn(
      '%x: vector<4xf32>, %y: f32',
      `  %0 = vector.insert %y, %x [${pos}] : f32 into vector<4xf32>\n  return %0 : vector<4xf32>`,
      ' -> vector<4xf32>',
    );
  const cases: readonly [string, string, RegExp][] = [
    [
      '2^63 as a position',
      insert('9223372036854775808'),
      /^2:30: vector position 9223372036854775808 is out of the int64 range$/,
    ],
    [
      'the dynamic marker as a position',
      insert('-9223372036854775808'),
      /^2:31: vector position -9223372036854775808 is the dynamic-position marker/,
    ],
    [
      '2^64 - 1 as a position',
      fn(
        '%x: vector<4xf32>',
        '  %0 = vector.extract %x[18446744073709551615] : f32 from vector<4xf32>\n  return %0 : f32',
        ' -> f32',
      ),
      /vector position 18446744073709551615 is out of the int64 range/,
    ],
    [
      '2^63 as a mask size',
      fn('', '  %0 = vector.constant_mask [9223372036854775808] : vector<4xi1>\n  return'),
      /mask dimension size 9223372036854775808 is out of the int64 range/,
    ],
    [
      '2^53 + 1 as a memref dimension',
      fn('%x: memref<9007199254740993xf32>', '  return'),
      /^1:25: memref dimension 9007199254740993 is above 2\^53 - 1 \(the largest this IR holds exactly\)$/,
    ],
    [
      '2^63 as a memref dimension',
      fn('%x: memref<9223372036854775808xf32>', '  return'),
      /memref dimension 9223372036854775808 is above 2\^53 - 1/,
    ],
    [
      '2^53 + 3 as a strided offset',
      fn('%x: memref<4xf32, strided<[1], offset: 9007199254740995>>', '  return'),
      /strided offset 9007199254740995 is above 2\^53 - 1/,
    ],
    [
      '10^26 as a vector dimension',
      fn('%x: vector<99999999999999999999999999xi32>', '  return'),
      /vector dimension 99999999999999999999999999 is above 2\^53 - 1/,
    ],
    [
      'a hex stride beyond 2^64',
      fn('%x: memref<4xf32, strided<[0xFFFFFFFFFFFFFFFFFF]>>', '  return'),
      /strided stride 0xFFFFFFFFFFFFFFFFFF \(4722366482869645213695\) is above 2\^53 - 1/,
    ],
  ];
  for (const [name, text, message] of cases) {
    it(name, () => {
      const e = attempt(text);
      expect(e).toBeInstanceOf(MlirParseError);
      expect((e as MlirParseError).message).toMatch(message);
    });
  }

  it('the largest values that fit print back as written', () => {
    const text = fn(
      '%x: memref<9007199254740991xf32, strided<[-9007199254740991], offset: 9007199254740991>>, %v: vector<4xf32>',
      '  %0 = vector.extract %v[9223372036854775807] : f32 from vector<4xf32>\n  %1 = vector.extract %v[-9223372036854775807] : f32 from vector<4xf32>\n  return',
    );
    const printed = printModule(parseModule(text));
    expect(printed).toContain(
      'memref<9007199254740991xf32, strided<[-9007199254740991], offset: 9007199254740991>>',
    );
    expect(printed).toContain('[9223372036854775807]');
    expect(printed).toContain('[-9223372036854775807]');
    expect(printModule(parseModule(printed))).toBe(printed);
  });
});
