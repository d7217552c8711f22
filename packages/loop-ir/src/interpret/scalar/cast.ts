/**
 * Cast semantics keyed by op name. Integer-to-float conversion rounds the exact integer once
 * to the target precision (no double rounding through f64). Float-to-integer conversion of
 * NaN, infinities or out-of-range values is poison in MLIR and raises here.
 */
import { bitsToFloat, floatToBits, formatBits, roundToFormat } from '../../ir/float-format.js';
import type { FloatFormat, ScalarType } from '../../ir/types.js';
import { InterpretError } from '../errors.js';
import { intWidth, type Scalar, unsigned, wrapInt } from './integers.js';

/** `(value, from, to, opName) -> value`. */
type CastFn = (v: Scalar, from: ScalarType, to: ScalarType, opName: string) => Scalar;

const PRECISION: Readonly<Record<FloatFormat, number>> = { f16: 11, bf16: 8, f32: 24, f64: 53 };

/** Rounds an exact integer to `format` with round-to-nearest-even. */
export function intToFloat(v: bigint, format: FloatFormat): number {
  const negative = v < 0n;
  let m = negative ? -v : v;
  const bits = m.toString(2).length;
  const p = PRECISION[format];
  if (bits > p) {
    const shift = BigInt(bits - p);
    let q = m >> shift;
    const rem = m - (q << shift);
    const half = 1n << (shift - 1n);
    if (rem > half || (rem === half && (q & 1n) === 1n)) q += 1n;
    m = q << shift;
  }
  // m now has at most p significant bits, so Number(m) is exact; roundToFormat only handles overflow.
  return roundToFormat(negative ? -Number(m) : Number(m), format);
}

function floatToInt(v: number, to: ScalarType, isSigned: boolean, opName: string): bigint {
  const w = intWidth(to);
  const t = Math.trunc(v);
  const lo = isSigned ? -(2 ** (w - 1)) : 0;
  const hi = isSigned ? 2 ** (w - 1) : 2 ** w;
  if (!Number.isFinite(t) || t < lo || t >= hi) {
    throw new InterpretError(
      opName,
      `${v} does not fit ${isSigned ? 'signed' : 'unsigned'} i${w} (poison)`,
    );
  }
  return wrapInt(BigInt(t), w);
}

function formatOf(t: ScalarType): FloatFormat {
  if (t.kind !== 'float') throw new TypeError('expected a float type');
  return t.format;
}

/** Every cast, keyed by op name. */
export const CASTS: Readonly<Record<string, CastFn>> = {
  // Signed values are canonical, so sign extension is the identity on the value.
  'arith.extsi': (v, from, to) =>
    wrapInt(
      from.kind === 'integer' && from.width === 1 ? -(v as bigint) : (v as bigint),
      intWidth(to),
    ),
  'arith.extui': (v, from, to) => wrapInt(unsigned(v as bigint, intWidth(from)), intWidth(to)),
  'arith.trunci': (v, _from, to) => wrapInt(v as bigint, intWidth(to)),
  'arith.index_cast': (v, from, to) =>
    wrapInt(
      from.kind === 'integer' && from.width === 1 ? -(v as bigint) : (v as bigint),
      intWidth(to),
    ),
  'arith.index_castui': (v, from, to) =>
    wrapInt(unsigned(v as bigint, intWidth(from)), intWidth(to)),
  'arith.sitofp': (v, from, to) =>
    intToFloat(
      from.kind === 'integer' && from.width === 1 ? -(v as bigint) : (v as bigint),
      formatOf(to),
    ),
  'arith.uitofp': (v, from, to) => intToFloat(unsigned(v as bigint, intWidth(from)), formatOf(to)),
  'arith.fptosi': (v, _from, to, op) => floatToInt(v as number, to, true, op),
  'arith.fptoui': (v, _from, to, op) => floatToInt(v as number, to, false, op),
  'arith.extf': (v) => v,
  'arith.truncf': (v, _from, to) => roundToFormat(v as number, formatOf(to)),
  'arith.bitcast': (v, from, to) => {
    const bits =
      from.kind === 'float'
        ? floatToBits(v as number, from.format)
        : unsigned(v as bigint, intWidth(from));
    if (to.kind === 'float') return bitsToFloat(bits, to.format);
    const w = intWidth(to);
    if (from.kind === 'float' && formatBits(from.format) !== w)
      throw new TypeError('bitcast width mismatch');
    return wrapInt(bits, w);
  },
};
