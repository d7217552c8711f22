/**
 * Float literal printing identical to MLIR's `printFloatValue`: `%e`-style with six
 * significant digits when that reads back to the same value, else LLVM APFloat's default
 * decimal form, else (infinities, NaN, digit strings without a '.') the hex bit pattern.
 */

import { floatToBits, roundToFormat } from '../ir/float-format.js';
import type { FloatFormat } from '../ir/types.js';
import { LoopIrArgumentError } from '../loop-ir-argument-error.js';
import { expectFloatFormat, expectNumber } from '../value-argument-checks.js';

/** Significant digits APFloat prints by default: 2 + floor(precision * 59 / 196). */
const DEFAULT_PRECISION: Readonly<Record<FloatFormat, number>> = {
  f16: 5,
  bf16: 4,
  f32: 9,
  f64: 17,
};

/** Significand bits (with the hidden bit) and exponent bits of each format. */
const GEOMETRY: Readonly<Record<FloatFormat, { precision: number; exponentBits: number }>> = {
  f16: { precision: 11, exponentBits: 5 },
  bf16: { precision: 8, exponentBits: 8 },
  f32: { precision: 24, exponentBits: 8 },
  f64: { precision: 53, exponentBits: 11 },
};

const bitLength = (n: bigint): number => (n === 0n ? 0 : n.toString(2).length);

/**
 * The decimal digits (no trailing zeros) of a finite non-zero `magnitude` of `format` and the
 * power of ten of the last digit, computed as LLVM's `APFloat::toString` does, so the digits
 * are the ones mlir-opt prints: the exact value `N * 10^e` first loses the low decimal digits
 * a bit-count estimate says are not needed (truncated, not rounded), then is rounded half up
 * on the one digit below `precision` significant digits.
 */
function apfloatDigits(
  magnitude: number,
  format: FloatFormat,
  precision: number,
): { digits: string; exp: number } {
  const g = GEOMETRY[format];
  const fraction = g.precision - 1;
  const bits = floatToBits(magnitude, format);
  const biased = Number(bits >> BigInt(fraction));
  const bias = 2 ** (g.exponentBits - 1) - 1;
  const mantissa = bits & ((1n << BigInt(fraction)) - 1n);
  let significand = biased === 0 ? mantissa : mantissa | (1n << BigInt(fraction));
  let exp = (biased === 0 ? 1 : biased) - bias - fraction;
  while ((significand & 1n) === 0n) {
    significand >>= 1n;
    exp++;
  }
  if (exp > 0) {
    significand <<= BigInt(exp);
    exp = 0;
  } else {
    significand *= 5n ** BigInt(-exp);
  }
  // APFloat's AdjustToPrecision on the integer: 196/59 slightly overestimates log2(10).
  const active = bitLength(significand);
  const required = Math.floor((precision * 196 + 58) / 59);
  if (active > required) {
    const removable = Math.floor(((active - required) * 59) / 196);
    if (removable > 0) {
      exp += removable;
      significand /= 10n ** BigInt(removable);
    }
  }
  let digits = significand.toString();
  const kept = digits.replace(/0+$/, '');
  exp += digits.length - kept.length;
  digits = kept;
  // AdjustToPrecision on the digits: round half up on the first dropped digit.
  if (digits.length > precision) {
    const dropped = digits.length - precision;
    const roundUp = (digits[precision] as string) >= '5';
    let head = digits.slice(0, precision);
    exp += dropped;
    if (roundUp) {
      const carried = (BigInt(head) + 1n).toString();
      if (carried.length > head.length) exp++;
      head = carried.slice(0, precision);
    }
    const trimmed = head.replace(/0+$/, '');
    exp += head.length - trimmed.length;
    digits = trimmed;
  }
  return { digits, exp };
}

/** `d.dddddde±XX` with exactly six fraction digits (APFloat precision 6, no zero truncation). */
function scientific6(magnitude: number, format: FloatFormat): string {
  if (magnitude === 0) return '0.000000e+00';
  const { digits, exp } = apfloatDigits(magnitude, format, 6);
  const e = exp + digits.length - 1;
  const expDigits = String(Math.abs(e)).padStart(2, '0');
  return `${digits[0]}.${digits.slice(1).padEnd(6, '0')}e${e < 0 ? '-' : '+'}${expDigits}`;
}

/** APFloat::toString with default arguments (natural precision, max padding 3, 'E'). */
function apfloatDefault(magnitude: number, format: FloatFormat): string {
  const precision = DEFAULT_PRECISION[format];
  if (magnitude === 0) return '0.0E+0';
  const { digits, exp } = apfloatDigits(magnitude, format, precision);
  const n = digits.length;
  let scientific: boolean;
  if (exp >= 0) scientific = exp > 3 || n + exp > precision;
  else scientific = exp + n - 1 < 0 && -(exp + n - 1) > 3;
  if (scientific) {
    const e = exp + n - 1;
    return `${digits[0]}.${n === 1 ? '0' : digits.slice(1)}E${e >= 0 ? '+' : '-'}${Math.abs(e)}`;
  }
  if (exp >= 0) return digits + '0'.repeat(exp);
  const whole = exp + n;
  return whole > 0
    ? `${digits.slice(0, whole)}.${digits.slice(whole)}`
    : `0.${'0'.repeat(-whole)}${digits}`;
}

function parsesBackTo(text: string, value: number, format: FloatFormat): boolean {
  const back = roundToFormat(Number.parseFloat(text.replace('E', 'e')), format);
  return Object.is(back, value);
}

/** `0x...` bit pattern in MLIR's style (upper-case digits, no zero padding). */
function printFloatHex(bits: bigint): string {
  return `0x${bits.toString(16).toUpperCase()}`;
}

/**
 * Prints `value` (already a value of `format`) as MLIR does; `bits` pins a NaN payload.
 * @throws LoopIrArgumentError when `value` is no number, `format` no float format or `bits`
 *   neither undefined nor a bigint.
 */
export function printFloat(value: number, format: FloatFormat, bits?: bigint): string {
  expectNumber(value, 'value');
  expectFloatFormat(format, 'format');
  if (bits !== undefined && typeof bits !== 'bigint') {
    throw new LoopIrArgumentError('bits', 'a bigint bit pattern or undefined', bits);
  }
  if (Number.isFinite(value)) {
    const negative = value < 0 || Object.is(value, -0);
    const sign = negative ? '-' : '';
    const magnitude = Math.abs(value);
    const short = sign + scientific6(magnitude, format);
    if (parsesBackTo(short, value, format)) return short;
    const natural = sign + apfloatDefault(magnitude, format);
    if (natural.includes('.') && parsesBackTo(natural, value, format)) return natural;
  }
  return printFloatHex(
    Number.isNaN(value) && bits !== undefined ? bits : floatToBits(value, format),
  );
}
