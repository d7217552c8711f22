/**
 * Moving tile elements as bit patterns. A float32 element copied through a Float32Array is
 * converted to a JS number and back, which quiets a signalling NaN (0x7F800001 becomes
 * 0x7FC00001); the GPU backends and `relayout` move raw bits, so the backend-free loops that
 * only move elements run on int32 views of the same storage.
 */
import type { TileValues } from './tile-values.js';

/** An int32 view of `values`' storage (the same array when it already is one). */
export function bitsOf(values: TileValues): Int32Array {
  return values instanceof Int32Array
    ? values
    : new Int32Array(values.buffer, values.byteOffset, values.length);
}

/** `bits` viewed as the array kind of `like` (no copy). */
export function valuesOfBits(bits: Int32Array, like: TileValues): TileValues {
  return like instanceof Int32Array
    ? bits
    : new Float32Array(bits.buffer, bits.byteOffset, bits.length);
}
