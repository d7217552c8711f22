/**
 * Float literal printing identical to MLIR's `printFloatValue`: `%e`-style with six
 * significant digits when that reads back to the same value, else LLVM APFloat's default
 * decimal form, else (infinities, NaN, digit strings without a '.') the hex bit pattern.
 */
import { floatToBits, roundToFormat } from '../ir/float-format.js';
import type { FloatFormat } from '../ir/types.js';

/** Significant digits APFloat prints by default: 2 + floor(precision * 59 / 196). */
const DEFAULT_PRECISION: Readonly<Record<FloatFormat, number>> = {
  f16: 5,
  bf16: 4,
  f32: 9,
  f64: 17,
};

/** Decimal digits (no trailing zeros) and the power of ten of the last digit. */
function digitsOf(magnitude: number, significant: number): { digits: string; exp: number } {
  const [mantissa = '', expText = '0'] = magnitude.toExponential(significant - 1).split('e');
  let digits = mantissa.replace('.', '');
  let exp = Number(expText) - (digits.length - 1);
  while (digits.length > 1 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    exp++;
  }
  return { digits, exp };
}

/** `d.dddddde±XX` with exactly six fraction digits (APFloat precision 6, no zero truncation). */
function scientific6(magnitude: number): string {
  if (magnitude === 0) return '0.000000e+00';
  const [mantissa = '', expText = '0'] = magnitude.toExponential(5).split('e');
  const exp = Number(expText);
  const expDigits = String(Math.abs(exp)).padStart(2, '0');
  return `${mantissa}0e${exp < 0 ? '-' : '+'}${expDigits}`;
}

/** APFloat::toString with default arguments (natural precision, max padding 3, 'E'). */
function apfloatDefault(magnitude: number, format: FloatFormat): string {
  const precision = DEFAULT_PRECISION[format];
  if (magnitude === 0) return '0.0E+0';
  const { digits, exp } = digitsOf(magnitude, precision);
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

/** Prints `value` (already a value of `format`) as MLIR does; `bits` pins a NaN payload. */
export function printFloat(value: number, format: FloatFormat, bits?: bigint): string {
  if (Number.isFinite(value)) {
    const negative = value < 0 || Object.is(value, -0);
    const sign = negative ? '-' : '';
    const magnitude = Math.abs(value);
    const short = sign + scientific6(magnitude);
    if (parsesBackTo(short, value, format)) return short;
    const natural = sign + apfloatDefault(magnitude, format);
    if (natural.includes('.') && parsesBackTo(natural, value, format)) return natural;
  }
  return printFloatHex(
    Number.isNaN(value) && bits !== undefined ? bits : floatToBits(value, format),
  );
}
