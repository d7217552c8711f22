/**
 * Exact float-format arithmetic on JS numbers: rounding an f64 to f32/f16/bf16 with
 * round-to-nearest-even (overflow to infinity, gradual underflow), and bit-pattern
 * conversion. Rounding an exact f64 result of +,-,*,/,sqrt gives the correctly rounded
 * narrow result because f64 carries more than 2p+2 bits for every narrower format.
 */
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { expectFloatFormat, expectNumber } from '../value-argument-checks.js';
import type { FloatFormat } from './types.js';

interface Geometry {
  /** Significand precision in bits, including the hidden bit. */
  readonly precision: number;
  /** Minimum normal exponent. */
  readonly minExponent: number;
  /** Maximum exponent. */
  readonly maxExponent: number;
  readonly exponentBits: number;
}

const GEOMETRY: Readonly<Record<'f16' | 'bf16', Geometry>> = {
  f16: { precision: 11, minExponent: -14, maxExponent: 15, exponentBits: 5 },
  bf16: { precision: 8, minExponent: -126, maxExponent: 127, exponentBits: 8 },
};

const scratch = new DataView(new ArrayBuffer(8));

function roundHalfEven(v: number): number {
  const n = Math.floor(v);
  const diff = v - n;
  if (diff > 0.5) return n + 1;
  if (diff < 0.5) return n;
  return n % 2 === 0 ? n : n + 1;
}

/** floor(log2(a)) for finite a > 0, exactly. */
function exponentOf(a: number): number {
  let e = Math.floor(Math.log2(a));
  if (2 ** e > a) e--;
  else if (2 ** (e + 1) <= a) e++;
  return e;
}

function roundNarrow(x: number, g: Geometry): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const a = Math.abs(x);
  // Halfway between the largest finite value and 2^(maxExponent+1) rounds to infinity.
  const overflow = (2 - 2 ** -g.precision) * 2 ** g.maxExponent;
  if (a >= overflow) return Math.sign(x) * Number.POSITIVE_INFINITY;
  const e = Math.max(exponentOf(a), g.minExponent);
  const ulp = 2 ** (e - (g.precision - 1));
  const r = roundHalfEven(a / ulp) * ulp;
  return x < 0 ? -r : r;
}

/**
 * Rounds an f64 value to the nearest value of `format` (ties to even). A NaN is returned as it
 * is: `Math.fround` would quiet an f32 signalling NaN held as described at {@link bitsToFloat}.
 * @throws LoopIrArgumentError when `x` is no number or `format` no float format.
 */
export function roundToFormat(x: number, format: FloatFormat): number {
  // Checked as cheaply as the rounding itself: the interpreter rounds every float it computes.
  if (typeof x !== 'number') expectNumber(x, 'x');
  switch (format) {
    case 'f64':
      return x;
    case 'f32':
      return Number.isNaN(x) ? x : Math.fround(x);
    case 'f16':
    case 'bf16':
      return roundNarrow(x, GEOMETRY[format]);
    default:
      expectFloatFormat(format, 'format');
      return x;
  }
}

/**
 * Bit width of a float format.
 * @throws LoopIrArgumentError when `format` is no float format.
 */
export function formatBits(format: FloatFormat): number {
  if (format === 'f64') return 64;
  if (format === 'f32') return 32;
  if (format !== 'f16' && format !== 'bf16') expectFloatFormat(format, 'format');
  return 16;
}

/** One past the largest bit pattern of each width: a pattern is a bigint in [0, LIMIT). */
const F64_LIMIT = 1n << 64n;
const F32_LIMIT = 1n << 32n;
const F16_LIMIT = 1n << 16n;

/** `bits` is a bigint bit pattern below `limit` (2^width) of `format`. */
function expectBits(bits: bigint, limit: bigint, format: FloatFormat): void {
  if (bits < 0n || bits >= limit) {
    throw new LoopIrArgumentError(
      'bits',
      `a bit pattern of ${format} (a bigint from 0n to ${limit - 1n}n)`,
      bits,
    );
  }
}

/**
 * The IEEE bit pattern of `x` rounded to `format`. f64 and f32 NaNs keep their sign and
 * payload (an f32 NaN's 23 payload bits are the top of the f64 payload, see
 * {@link bitsToFloat}); f16 and bf16 NaNs are the canonical quiet NaN.
 * @throws LoopIrArgumentError when `x` is no number or `format` no float format.
 */
export function floatToBits(x: number, format: FloatFormat): bigint {
  // As cheap as in roundToFormat: the interpreter's f32 NaN stores and f16 stores come here.
  if (typeof x !== 'number') expectNumber(x, 'x');
  switch (format) {
    case 'f64':
      scratch.setFloat64(0, x);
      return scratch.getBigUint64(0);
    case 'f32':
      if (Number.isNaN(x)) return BigInt(f32NaNBits(x));
      scratch.setFloat32(0, x);
      return BigInt(scratch.getUint32(0));
    case 'bf16':
      if (Number.isNaN(x)) return 0x7fc0n;
      scratch.setFloat32(0, roundNarrow(x, GEOMETRY.bf16));
      return BigInt(scratch.getUint32(0) >>> 16);
    case 'f16':
      return BigInt(encodeF16(roundNarrow(x, GEOMETRY.f16)));
    default:
      expectFloatFormat(format, 'format');
      return format; // not reached: every float format is a case above
  }
}

function encodeF16(r: number): number {
  if (Number.isNaN(r)) return 0x7e00;
  const sign = r < 0 || Object.is(r, -0) ? 0x8000 : 0;
  const a = Math.abs(r);
  if (a === Number.POSITIVE_INFINITY) return sign | 0x7c00;
  if (a === 0) return sign;
  const e = exponentOf(a);
  if (e < -14) return sign | (a / 2 ** -24); // subnormal: multiple of 2^-24
  return sign | ((e + 15) << 10) | (a / 2 ** (e - 10) - 1024);
}

/**
 * An f32 NaN's bits from the f64 NaN that holds it: sign, all-ones exponent, and the top 23
 * bits of the f64 payload (the quiet bit set if those are all zero, as a conversion would).
 */
function f32NaNBits(x: number): number {
  scratch.setFloat64(0, x);
  const hi = scratch.getUint32(0);
  const payload = ((hi & 0xfffff) << 3) | (scratch.getUint32(4) >>> 29);
  return ((hi & 0x80000000) | 0x7f800000 | (payload === 0 ? 0x400000 : payload)) >>> 0;
}

/**
 * Decodes an IEEE bit pattern of `format` to a number. f64 and f32 NaNs keep every bit, as
 * MLIR does: an f32 NaN becomes the f64 NaN with the same sign and its 23 payload bits at the
 * top of the f64 payload, which is what a hardware f32-to-f64 conversion gives a quiet NaN
 * (a signalling one would come back quieted, so it is built by hand). f16 and bf16 NaNs
 * collapse to one NaN.
 * @throws LoopIrArgumentError when `bits` is no bigint, `format` no float format or `bits` not
 *   a bit pattern of `format` (below 0n or at least 2n ** BigInt(formatBits(format))).
 */
export function bitsToFloat(bits: bigint, format: FloatFormat): number {
  if (typeof bits !== 'bigint') throw new LoopIrArgumentError('bits', 'a bigint', bits);
  switch (format) {
    case 'f64':
      expectBits(bits, F64_LIMIT, format);
      scratch.setBigUint64(0, bits);
      return scratch.getFloat64(0);
    case 'f32': {
      expectBits(bits, F32_LIMIT, format);
      const b = Number(bits);
      if ((b & 0x7f800000) === 0x7f800000 && (b & 0x7fffff) !== 0) {
        scratch.setUint32(0, (b & 0x80000000) | 0x7ff00000 | ((b & 0x7fffff) >>> 3));
        scratch.setUint32(4, (b & 7) << 29);
        return scratch.getFloat64(0);
      }
      scratch.setUint32(0, b);
      return scratch.getFloat32(0);
    }
    case 'bf16':
      expectBits(bits, F16_LIMIT, format);
      scratch.setUint32(0, Number(bits) << 16);
      return scratch.getFloat32(0);
    case 'f16': {
      expectBits(bits, F16_LIMIT, format);
      const h = Number(bits);
      const sign = h & 0x8000 ? -1 : 1;
      const exp = (h >> 10) & 0x1f;
      const mant = h & 0x3ff;
      if (exp === 0x1f) return mant === 0 ? sign * Number.POSITIVE_INFINITY : Number.NaN;
      if (exp === 0) return sign * mant * 2 ** -24;
      return sign * (1024 + mant) * 2 ** (exp - 25);
    }
    default:
      expectFloatFormat(format, 'format');
      return format; // not reached: every float format is a case above
  }
}
