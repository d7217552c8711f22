/**
 * JavaScript expressions for scalar ops. Values are JS numbers for floats, for integers up
 * to 32 bits (canonical: sign-extended, i1 as 0/1) and for `index` (exact below 2^53; `I()`
 * raises beyond), and bigints for i64. Hot ops are inlined; every other element-wise op calls
 * the interpreter's own semantics (`R(k, ...)`), so results and errors match it exactly. An
 * inline form valid only for some operands (`index` bitwise ops and shifts on values that fit
 * 32 bits, float functions and extrema of operands that are not NaN) comes with its
 * condition, and the reference computes the rest.
 */
import type { Attribute, ScalarType } from '@tilekit/loop-ir';
import { isArithCast } from '@tilekit/loop-ir';
import { EngineUnsupportedError } from '../errors.js';
import { FLOAT_INFIX, INT_INFIX } from '../infix-operators.js';

/** How a scalar type is held in generated code. */
export type JsClass = 'f32' | 'f64' | 'int' | 'index' | 'i64';

/** An inline expression valid where `when` holds; the reference computes the other operands. */
export interface GuardedExpr {
  readonly fast: string;
  readonly when: string;
}

/** The representation class of `t`. */
export function jsClassOf(t: ScalarType): JsClass {
  if (t.kind === 'float') {
    if (t.format === 'f32' || t.format === 'f64') return t.format;
    // NOTE: f16/bf16 would need rounding after every op; the interpreter runs such kernels.
    throw new EngineUnsupportedError(`the js engine does not support ${t.format}`);
  }
  if (t.kind === 'index') return 'index';
  return t.width === 64 ? 'i64' : 'int';
}

const widthOf = (t: ScalarType): number => (t.kind === 'integer' ? t.width : 64);

/** Wraps an exact integer-valued number expression to the canonical form of width w <= 32. */
export function canon(w: number, e: string): string {
  if (w === 32) return `((${e}) | 0)`;
  if (w === 1) return `((${e}) & 1)`;
  return `((${e}) << ${32 - w} >> ${32 - w})`;
}

/** The unsigned reading of a canonical number of width w <= 32. */
function unsignedOf(w: number, e: string): string {
  if (w === 32) return `(${e} >>> 0)`;
  if (w === 1) return e;
  return `(${e} & ${2 ** w - 1})`;
}

/** Rounds a float expression to its format (f32: `Math.fround`). */
export function roundTo(cls: JsClass, e: string): string {
  return cls === 'f32' ? `Math.fround(${e})` : e;
}

const NAN_BITS = new DataView(new ArrayBuffer(8));

/**
 * A JS expression that reproduces `x` exactly and can stand anywhere an operand can: the
 * generated code substitutes literals into other expressions, so a negative literal is
 * parenthesised (`-(-2)` never becomes the decrement `--2`), infinities and the canonical NaN
 * are arithmetic (no identifier a sign could attach to), and any other NaN is rebuilt from its
 * bits by the runtime's `N` so its payload and sign survive.
 */
export function numberLiteral(x: number): string {
  if (Number.isNaN(x)) {
    NAN_BITS.setFloat64(0, x);
    const hi = NAN_BITS.getUint32(0);
    const lo = NAN_BITS.getUint32(4);
    return hi === 0x7ff80000 && lo === 0
      ? '(0 / 0)'
      : `N(0x${hi.toString(16)}, 0x${lo.toString(16)})`;
  }
  if (!Number.isFinite(x)) return x > 0 ? '(1 / 0)' : '(-1 / 0)';
  return x < 0 || Object.is(x, -0) ? `(${Object.is(x, -0) ? '-0' : x})` : `${x}`;
}

/** A literal of a scalar constant attribute in the representation of `t`. */
export function constantLiteral(attr: Attribute | undefined, t: ScalarType): string {
  if (attr?.kind === 'float') return numberLiteral(attr.value);
  const raw =
    attr?.kind === 'integer'
      ? attr.value
      : attr?.kind === 'bool'
        ? attr.value
          ? 1n
          : 0n
        : undefined;
  if (raw === undefined)
    throw new EngineUnsupportedError(`unsupported constant attribute ${attr?.kind}`);
  return literalOf(raw, t);
}

/** A literal for an integer value (bigint) or float (number) in the representation of `t`. */
export function literalOf(v: bigint | number, t: ScalarType): string {
  const cls = jsClassOf(t);
  if (cls === 'f32' || cls === 'f64') return numberLiteral(Number(v));
  const w = widthOf(t);
  const big = w === 1 ? BigInt.asUintN(1, BigInt(v)) : BigInt.asIntN(w, BigInt(v));
  // Negative literals are parenthesised like numberLiteral's, so no sign pairs up.
  const text =
    big < 0n ? `(${big}${cls === 'i64' ? 'n' : ''})` : `${big}${cls === 'i64' ? 'n' : ''}`;
  // An index literal beyond ±2^53 would round when parsed: I() raises IndexRangeError instead.
  if (cls === 'index' && !Number.isSafeInteger(Number(big))) return `I(${big})`;
  return text;
}

const CMPF: Readonly<Record<string, (a: string, b: string) => string>> = {
  false: () => 'false',
  oeq: (a, b) => `${a} === ${b}`,
  ogt: (a, b) => `${a} > ${b}`,
  oge: (a, b) => `${a} >= ${b}`,
  olt: (a, b) => `${a} < ${b}`,
  ole: (a, b) => `${a} <= ${b}`,
  one: (a, b) => `(${a} < ${b} || ${a} > ${b})`,
  ord: (a, b) => `(${a} === ${a} && ${b} === ${b})`,
  ueq: (a, b) => `!(${a} < ${b} || ${a} > ${b})`,
  ugt: (a, b) => `!(${a} <= ${b})`,
  uge: (a, b) => `!(${a} < ${b})`,
  ult: (a, b) => `!(${a} >= ${b})`,
  ule: (a, b) => `!(${a} > ${b})`,
  une: (a, b) => `${a} !== ${b}`,
  uno: (a, b) => `(${a} !== ${a} || ${b} !== ${b})`,
  true: () => 'true',
};

const SIGNED: Readonly<Record<string, string>> = {
  eq: '===',
  ne: '!==',
  slt: '<',
  sle: '<=',
  sgt: '>',
  sge: '>=',
};
const UNSIGNED: Readonly<Record<string, string>> = { ult: '<', ule: '<=', ugt: '>', uge: '>=' };

function cmpi(pred: string, a: string, b: string, t: ScalarType): string | undefined {
  const cls = jsClassOf(t);
  const w = widthOf(t);
  const signed = SIGNED[pred];
  if (signed !== undefined) {
    if (cls === 'int' && w === 1 && pred !== 'eq' && pred !== 'ne') return undefined;
    return `${a} ${signed} ${b}`;
  }
  const op = UNSIGNED[pred];
  if (op === undefined) return undefined;
  if (cls === 'int') return `${unsignedOf(w, a)} ${op} ${unsignedOf(w, b)}`;
  if (cls === 'i64') return `BigInt.asUintN(64, ${a}) ${op} BigInt.asUintN(64, ${b})`;
  // index: equal signs compare directly; otherwise the negative one is the larger unsigned.
  return `((${a} < 0) === (${b} < 0) ? ${a} ${op} ${b} : ${op.startsWith('<') ? `${b} < 0` : `${a} < 0`})`;
}

/** Whether an `index` expression holds a value that fits a signed 32-bit integer. */
const fitsInt32 = (e: string): string => `(${e} | 0) === ${e}`;

/**
 * Shifts with the reference semantics: the amount is read unsigned, and one of at least the
 * width gives 0 (`shli`, `shrui`) or the sign (`shrsi`). An `index` shift is inline for a
 * non-negative value below 2^31 and an amount that keeps the result exact.
 */
function shiftExpr(op: string, a: string, b: string, t: ScalarType): string | GuardedExpr {
  const cls = jsClassOf(t);
  if (cls === 'i64') {
    const amount = `BigInt.asUintN(64, ${b})`;
    if (op === 'shrsi') return `(${a} >> (${amount} >= 64n ? 63n : ${amount}))`;
    const shifted = op === 'shli' ? `${a} << ${amount}` : `BigInt.asUintN(64, ${a}) >> ${amount}`;
    return `(${amount} >= 64n ? 0n : BigInt.asIntN(64, ${shifted}))`;
  }
  if (cls === 'index') {
    const small = `${a} >= 0 && ${a} <= 0x7fffffff && ${b} >= 0`;
    if (op === 'shli') return { fast: `(${a} * (1 << ${b}))`, when: `${small} && ${b} <= 22` };
    return { fast: `(${a} >>> ${b})`, when: `${small} && ${b} < 32` };
  }
  const w = widthOf(t);
  const amount = unsignedOf(w, b);
  if (op === 'shrsi') return canon(w, `${a} >> (${amount} >= ${w} ? ${w - 1} : ${amount})`);
  const shifted = op === 'shli' ? `${a} << ${amount}` : `${unsignedOf(w, a)} >>> ${amount}`;
  return `(${amount} >= ${w} ? 0 : ${canon(w, shifted)})`;
}

/** Integer max/min as the comparison that picks the first operand. */
const INT_EXTREMA: Readonly<Record<string, string>> = {
  'arith.maxsi': 'sge',
  'arith.minsi': 'sle',
  'arith.maxui': 'uge',
  'arith.minui': 'ule',
};

const SHIFTS: ReadonlySet<string> = new Set(['arith.shli', 'arith.shrui', 'arith.shrsi']);

function intBinary(
  name: string,
  a: string,
  b: string,
  t: ScalarType,
): string | GuardedExpr | undefined {
  if (SHIFTS.has(name)) return shiftExpr(name.slice('arith.'.length), a, b, t);
  const extremum = INT_EXTREMA[name];
  if (extremum !== undefined) {
    const test = cmpi(extremum, a, b, t);
    return test === undefined ? undefined : `(${test} ? ${a} : ${b})`;
  }
  const cls = jsClassOf(t);
  const op = INT_INFIX[name];
  if (op === undefined) return undefined;
  const bitwise = op === '&' || op === '|' || op === '^';
  if (cls === 'i64') return bitwise ? `(${a} ${op} ${b})` : `BigInt.asIntN(64, ${a} ${op} ${b})`;
  if (cls === 'index') {
    if (bitwise) return { fast: `(${a} ${op} ${b})`, when: `${fitsInt32(a)} && ${fitsInt32(b)}` };
    return op === '+' || op === '-' || op === '*' ? `I(${a} ${op} ${b})` : undefined;
  }
  if (bitwise) return `(${a} ${op} ${b})`;
  return canon(widthOf(t), op === '*' ? `Math.imul(${a}, ${b})` : `${a} ${op} ${b}`);
}

/** Float functions whose reference is this `Math` function, computed in f64 then rounded. */
const MATH_FUNCTIONS: Readonly<Record<string, string>> = {
  'math.exp': 'Math.exp',
  'math.expm1': 'Math.expm1',
  'math.log': 'Math.log',
  'math.log2': 'Math.log2',
  'math.log10': 'Math.log10',
  'math.log1p': 'Math.log1p',
  'math.sin': 'Math.sin',
  'math.cos': 'Math.cos',
  'math.tan': 'Math.tan',
  'math.tanh': 'Math.tanh',
  'math.atan': 'Math.atan',
  'math.ceil': 'Math.ceil',
  'math.floor': 'Math.floor',
  'math.trunc': 'Math.trunc',
};

/** IEEE maximum and minimum of two numbers that are not NaN: +0 is above -0. */
const maximum = (a: string, b: string): string =>
  `(${a} > ${b} || (${a} === ${b} && !Object.is(${a}, -0)) ? ${a} : ${b})`;
const minimum = (a: string, b: string): string =>
  `(${a} < ${b} || (${a} === ${b} && Object.is(${a}, -0)) ? ${a} : ${b})`;

/** Float max/min ops; without NaN operands the NaN-ignoring `maxnumf`/`minnumf` agree too. */
const FLOAT_EXTREMA: Readonly<Record<string, (a: string, b: string) => string>> = {
  'arith.maximumf': maximum,
  'arith.minimumf': minimum,
  'arith.maxnumf': maximum,
  'arith.minnumf': minimum,
};

function floatOp(
  name: string,
  args: readonly string[],
  cls: JsClass,
): string | GuardedExpr | undefined {
  const [a, b] = args as [string, string];
  const binary = FLOAT_INFIX[name];
  if (binary !== undefined) return roundTo(cls, `${a} ${binary} ${b}`);
  if (name === 'arith.negf') return `(-${a})`;
  if (name === 'math.absf') return `Math.abs(${a})`;
  if (name === 'math.sqrt') return roundTo(cls, `Math.sqrt(${a})`);
  // NaN operands go to the reference, which keeps their payloads.
  const fn = MATH_FUNCTIONS[name];
  if (fn !== undefined) {
    // A NaN result stays as the function made it (the reference's rounding to f32 does not
    // touch NaNs, and Math.fround may change their payload).
    const value = cls === 'f32' ? `F32(${fn}(${a}))` : `${fn}(${a})`;
    return { fast: value, when: `${a} === ${a}` };
  }
  const extremum = FLOAT_EXTREMA[name];
  if (extremum !== undefined) {
    return { fast: extremum(a, b), when: `${a} === ${a} && ${b} === ${b}` };
  }
  return undefined;
}

/** An inline expression for a cast, or undefined to use the reference semantics. */
function castExpr(name: string, a: string, from: ScalarType, to: ScalarType): string | undefined {
  const op = name.slice('arith.'.length);
  const fc = jsClassOf(from);
  const tc = jsClassOf(to);
  const fw = widthOf(from);
  const tw = widthOf(to);
  const signedCast = op === 'index_cast' || op === 'extsi' || op === 'trunci';
  const unsignedCast = op === 'index_castui' || op === 'extui';
  if (signedCast || unsignedCast) {
    if (fc === 'i64' || tc === 'i64') {
      if (fc === 'i64' && tc === 'index') return `I(Number(${a}))`;
      if (fc === 'index' && tc === 'i64') return `BigInt(${a})`;
      if (fc === 'int' && tc === 'i64')
        return `BigInt(${unsignedCast ? unsignedOf(fw, a) : fw === 1 ? `(-${a})` : a})`;
      if (fc === 'i64' && tc === 'int' && op === 'trunci')
        return `Number(BigInt.as${tw === 1 ? 'Uint' : 'Int'}N(${tw}, ${a}))`;
      return undefined;
    }
    // number -> number: exact integers; read the source signed or unsigned, wrap to the target.
    let src = a;
    if (fc === 'int' && fw === 1 && signedCast) src = `(-${a})`;
    else if (fc === 'int' && unsignedCast) src = unsignedOf(fw, a);
    else if (fc === 'index' && unsignedCast && tc === 'index') src = a;
    if (tc === 'index') return fc === 'index' ? a : src;
    return canon(tw, src);
  }
  if ((op === 'sitofp' || op === 'uitofp') && fc !== 'i64' && (tc === 'f32' || tc === 'f64')) {
    if (fc === 'index' && op === 'uitofp') return undefined;
    const src =
      fc === 'int' ? (op === 'sitofp' ? (fw === 1 ? `(-${a})` : a) : unsignedOf(fw, a)) : a;
    return roundTo(tc, src);
  }
  // Number(bigint) rounds to nearest, ties to even, as the conversion does (to f64 only: a
  // second rounding to f32 could differ).
  if (fc === 'i64' && tc === 'f64' && op === 'sitofp') return `Number(${a})`;
  if (fc === 'i64' && tc === 'f64' && op === 'uitofp') return `Number(BigInt.asUintN(64, ${a}))`;
  if (op === 'bitcast' && fc === 'f64' && tc === 'i64') return `F2I(${a})`;
  if (op === 'bitcast' && fc === 'i64' && tc === 'f64') return `I2F(${a})`;
  if (op === 'extf' && fc === 'f32' && tc === 'f64') return a;
  if (op === 'truncf' && fc === 'f64' && tc === 'f32') return `Math.fround(${a})`;
  return undefined;
}

/**
 * The inline JS expression of an element-wise scalar op (with the condition it needs, if
 * any), or undefined when the op must go through the reference semantics.
 */
export function inlineScalar(
  name: string,
  args: readonly string[],
  opType: ScalarType,
  resType: ScalarType,
  attrs: Readonly<Record<string, Attribute>>,
): string | GuardedExpr | undefined {
  const [a, b, c] = args as [string, string, string];
  const predicate = attrs.predicate?.kind === 'predicate' ? attrs.predicate.value : '';
  if (name === 'arith.select') return `(${a} ? ${b} : ${c})`;
  if (name === 'arith.cmpf') {
    const f = CMPF[predicate];
    return f === undefined ? undefined : `(${f(a, b)} ? 1 : 0)`;
  }
  if (name === 'arith.cmpi') {
    const e = cmpi(predicate, a, b, opType);
    return e === undefined ? undefined : `(${e} ? 1 : 0)`;
  }
  if (isArithCast(name)) return castExpr(name, a, opType, resType);
  const cls = jsClassOf(opType);
  if (cls === 'f32' || cls === 'f64') return floatOp(name, args, cls);
  return intBinary(name, a, b, opType);
}
