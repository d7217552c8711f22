/**
 * Float semantics: each op is computed on f64 values and the caller rounds the result to the
 * element format (exact for +,-,*,/,sqrt; transcendental functions use JS Math in f64 and are
 * then rounded, so they are faithful but not guaranteed correctly rounded).
 */

const scratch = new DataView(new ArrayBuffer(8));

/** The sign bit of `x`, NaNs included (JS comparisons cannot see a NaN's sign). */
function signBit(x: number): boolean {
  if (!Number.isNaN(x)) return x < 0 || Object.is(x, -0);
  scratch.setFloat64(0, x);
  return scratch.getUint8(0) >= 0x80;
}

/**
 * `x` with its sign bit set to `negative` and every other bit kept, as MLIR's `negf`, `absf`
 * and `copysign` are bit operations. A NaN is changed through its bits: JS arithmetic on it
 * may quiet it or leave its sign alone.
 */
function withSign(x: number, negative: boolean): number {
  if (!Number.isNaN(x)) return negative ? -Math.abs(x) : Math.abs(x);
  scratch.setFloat64(0, x);
  scratch.setUint8(0, (scratch.getUint8(0) & 0x7f) | (negative ? 0x80 : 0));
  return scratch.getFloat64(0);
}

/** `(a, b) -> exact-or-f64 result` before rounding to the format. */
export type FloatBinaryFn = (a: number, b: number) => number;

function maximum(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? b : a; // +0 > -0
  return Math.max(a, b);
}

function minimum(a: number, b: number): number {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.NaN;
  if (a === 0 && b === 0) return Object.is(a, -0) ? a : b;
  return Math.min(a, b);
}

/** IEEE maxNum/minNum: a NaN operand yields the other operand. */
function nanIgnoring(f: FloatBinaryFn): FloatBinaryFn {
  return (a, b) => (Number.isNaN(a) ? b : Number.isNaN(b) ? a : f(a, b));
}

/** Every float binary op, keyed by op name. */
export const FLOAT_BINARY: Readonly<Record<string, FloatBinaryFn>> = {
  'arith.addf': (a, b) => a + b,
  'arith.subf': (a, b) => a - b,
  'arith.mulf': (a, b) => a * b,
  'arith.divf': (a, b) => a / b,
  'arith.remf': (a, b) => a % b, // C fmod: sign of the dividend, exact
  'arith.maximumf': maximum,
  'arith.minimumf': minimum,
  'arith.maxnumf': nanIgnoring(maximum),
  'arith.minnumf': nanIgnoring(minimum),
  'math.powf': (a, b) => a ** b,
  'math.atan2': Math.atan2,
  'math.copysign': (a, b) => withSign(a, signBit(b)),
};

function roundHalfEven(a: number): number {
  const r = Math.round(a);
  return Math.abs(a % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

/** Every float unary op, keyed by op name. */
export const FLOAT_UNARY: Readonly<Record<string, (a: number) => number>> = {
  'arith.negf': (a) => withSign(a, !signBit(a)),
  'math.absf': (a) => withSign(a, false),
  'math.ceil': Math.ceil,
  'math.floor': Math.floor,
  'math.round': (a) => Math.sign(a) * Math.round(Math.abs(a)), // half away from zero
  'math.roundeven': roundHalfEven,
  'math.trunc': Math.trunc,
  'math.sqrt': Math.sqrt,
  'math.rsqrt': (a) => 1 / Math.sqrt(a),
  'math.exp': Math.exp,
  'math.exp2': (a) => 2 ** a,
  'math.expm1': Math.expm1,
  'math.log': Math.log,
  'math.log2': Math.log2,
  'math.log10': Math.log10,
  'math.log1p': Math.log1p,
  'math.sin': Math.sin,
  'math.cos': Math.cos,
  'math.tan': Math.tan,
  'math.tanh': Math.tanh,
  'math.atan': Math.atan,
};

const ordered = (f: (a: number, b: number) => boolean) => (a: number, b: number) =>
  !Number.isNaN(a) && !Number.isNaN(b) && f(a, b);
const unordered = (f: (a: number, b: number) => boolean) => (a: number, b: number) =>
  Number.isNaN(a) || Number.isNaN(b) || f(a, b);

/** The comparisons of `arith.cmpf`, by predicate name without its ordered/unordered prefix. */
const COMPARISONS: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  eq: (a, b) => a === b,
  gt: (a, b) => a > b,
  ge: (a, b) => a >= b,
  lt: (a, b) => a < b,
  le: (a, b) => a <= b,
  ne: (a, b) => a !== b,
};

/** `arith.cmpf` predicates: `o<cmp>` false on NaN, `u<cmp>` true on NaN, `ord`/`uno` NaN tests. */
export const CMPF: Readonly<Record<string, (a: number, b: number) => boolean>> = {
  false: () => false,
  true: () => true,
  ord: ordered(() => true),
  uno: unordered(() => false),
  ...Object.fromEntries(
    Object.entries(COMPARISONS).flatMap(([name, f]) => [
      [`o${name}`, ordered(f)],
      [`u${name}`, unordered(f)],
    ]),
  ),
};
