/**
 * Scalars at run time, and the canonical form of integers: every width (and `index`, and i1)
 * is a bigint holding the signed two's complement value (0/1 for i1), so equal values compare
 * equal whatever produced them. Memory codecs and the scalar semantics both build on it.
 */
import type { ScalarType } from '../../ir/types.js';

/** A scalar: bigint for integer-like types, number for floats. */
export type Scalar = bigint | number;

/** Bit width of an integer-like type (`index` is 64). */
export function intWidth(t: ScalarType): number {
  if (t.kind === 'index') return 64;
  if (t.kind === 'integer') return t.width;
  throw new TypeError(`${t.format} is not an integer type`);
}

/** Canonical form of `v` as an integer of width `w`: signed wrap, or 0/1 for i1. */
export function wrapInt(v: bigint, w: number): bigint {
  return w === 1 ? BigInt.asUintN(1, v) : BigInt.asIntN(w, v);
}

/** The unsigned reading of a canonical integer of width `w`. */
export function unsigned(v: bigint, w: number): bigint {
  return BigInt.asUintN(w, v);
}
