/**
 * Exact-representability tests for the 16-bit float types, done on the float32 bit pattern
 * (tile data reaches us as float32).
 */

const f32 = new Float32Array(1);
const bits = new Uint32Array(f32.buffer);

/** Largest finite binary16 value. */
export const FLOAT16_MAX = 65504;

/** Whether float32 `value` is exactly a binary16 value (NaN and ±Infinity count as representable). */
export function isFloat16Exact(value: number): boolean {
  if (!Number.isFinite(value)) return true;
  if (Math.abs(value) > FLOAT16_MAX) return false;
  if (value === 0) return true;
  f32[0] = value;
  const exponent = ((bits[0]! >>> 23) & 0xff) - 127;
  // binary16 keeps 10 fraction bits for normals (exponent >= -14); subnormals are multiples of 2^-24.
  const ulpExponent = exponent >= -14 ? exponent - 10 : -24;
  return Number.isInteger(f32[0]! * 2 ** -ulpExponent);
}

/** Whether float32 `value` is exactly a bfloat16 value: its low 16 bits are zero (NaN counts). */
export function isBFloat16Exact(value: number): boolean {
  if (Number.isNaN(value)) return true;
  f32[0] = value;
  return (bits[0]! & 0xffff) === 0;
}
