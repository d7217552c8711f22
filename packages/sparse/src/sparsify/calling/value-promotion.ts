/**
 * Operands whose value type is not the kernel's. MLIR inserts no implicit cast, so the rule is
 * the cast a caller would write in front of the kernel:
 *
 * - promotions, applied when the operand is bound: `arith.sitofp` (an integer operand of a
 *   float kernel, rounded to nearest, ties to even, as `sitofp` rounds), `arith.extf` (`f32`
 *   into `f64`) and `arith.extsi` (`i32` into `i64`), which keep every value. So
 *   `int32 + float32` computes in `f32` (TACO's `int_float_promotion`);
 * - narrowing casts, `arith.truncf` (`f64` into `f32`), `arith.trunci` (`i64` into `i32`) and
 *   `arith.fptosi` (a float operand of an integer kernel), lose values, so they stay a
 *   `SparsifyError` naming the cast, for the caller to write.
 */
import type { ValueArray } from '../../sparse-tensor/storage-arrays.js';
import type { ValueType } from '../planning/kernel-plan.js';

/** The MLIR cast from one value type to another. */
export type ValueCast =
  | 'arith.sitofp'
  | 'arith.extf'
  | 'arith.extsi'
  | 'arith.truncf'
  | 'arith.trunci'
  | 'arith.fptosi';

/** The typed array each value type is held in, by name (for messages). */
export const ARRAY_OF: Readonly<Record<ValueType, string>> = {
  f32: 'Float32Array',
  f64: 'Float64Array',
  i32: 'Int32Array',
  i64: 'BigInt64Array',
};

/** The value type of a values array, `undefined` for arrays no kernel computes in. */
export function valueTypeOfArray(values: unknown): ValueType | undefined {
  if (values instanceof Float32Array) return 'f32';
  if (values instanceof Float64Array) return 'f64';
  if (values instanceof Int32Array) return 'i32';
  if (values instanceof BigInt64Array) return 'i64';
  return undefined;
}

const isFloat = (t: ValueType): boolean => t === 'f32' || t === 'f64';
const WIDTH: Readonly<Record<ValueType, number>> = { f32: 32, f64: 64, i32: 32, i64: 64 };

/**
 * The cast from `from` to `to` (different types) and whether binding applies it (a
 * promotion) or it must be written by the caller (a narrowing cast).
 */
export function castBetween(
  from: ValueType,
  to: ValueType,
): { readonly cast: ValueCast; readonly promotes: boolean } {
  if (isFloat(to) && !isFloat(from)) return { cast: 'arith.sitofp', promotes: true };
  if (!isFloat(to) && isFloat(from)) return { cast: 'arith.fptosi', promotes: false };
  const widens = WIDTH[to] > WIDTH[from];
  if (isFloat(to)) return { cast: widens ? 'arith.extf' : 'arith.truncf', promotes: widens };
  return { cast: widens ? 'arith.extsi' : 'arith.trunci', promotes: widens };
}

/** A copy of `values` promoted to `to` (see {@link castBetween}: a promotion only). */
export function promotedValues(
  values: ValueArray | BigInt64Array,
  to: ValueType,
): ValueArray | BigInt64Array {
  if (values instanceof BigInt64Array) {
    return to === 'f64'
      ? Float64Array.from(values, (x) => Number(x))
      : Float32Array.from(values, bigintToF32);
  }
  const numbers = values as ArrayLike<number>;
  switch (to) {
    case 'f32':
      return Float32Array.from(numbers);
    case 'f64':
      return Float64Array.from(numbers);
    case 'i64':
      return BigInt64Array.from(numbers, (x) => BigInt(x));
    case 'i32':
      return Int32Array.from(numbers);
  }
}

/**
 * `sitofp` of an `i64` to `f32`: one rounding to nearest even. `Number()` rounds once to 53
 * bits, and rounding that again to 24 bits could differ, so a wider value is first cut to 53
 * bits rounding to odd (the cut bits kept as a sticky last bit), which rounds again exactly.
 */
function bigintToF32(x: bigint): number {
  const magnitude = x < 0n ? -x : x;
  const bits = magnitude.toString(2).length;
  if (bits <= 53) return Math.fround(Number(x));
  const shift = BigInt(bits - 53);
  let top = magnitude >> shift;
  if (top << shift !== magnitude) top |= 1n;
  const value = Number(top) * 2 ** Number(shift);
  return Math.fround(x < 0n ? -value : value);
}
