/**
 * Run-time values. Integers of every width (and `index`, and i1) are bigints kept in
 * canonical form (signed two's complement value for widths > 1, 0/1 for i1); floats are JS
 * numbers holding values of their format. Vectors are flat row-major element arrays with
 * their concrete shape (scalable dimensions already multiplied by vscale).
 */
import type { VectorType } from '../ir/types.js';
import type { MemRefValue } from './memory.js';
import type { Scalar } from './scalar/integers.js';

/** A vector value. */
export interface VectorValue {
  readonly kind: 'vector';
  readonly shape: readonly number[];
  readonly elements: Scalar[];
}

/** Any run-time value. */
export type RuntimeValue = Scalar | VectorValue | MemRefValue;

/** Concrete shape of a vector type for the given vscale. */
export function concreteShape(t: VectorType, vscale: number): number[] {
  return t.shape.map((d, i) => (t.scalableDims[i] ? d * vscale : d));
}

/**
 * An array of `count` lanes, `lane(l)` each, that V8 keeps in its generic (boxed) elements kind.
 * An array holding only numbers may move to V8's unboxed double form, and that move can
 * canonicalize a NaN's payload (seen in optimized code after a few hundred runs), which breaks
 * `arith.bitcast` of a NaN back to its integer bits. Boxed numbers keep every bit, so every
 * array that may hold float run-time values is built here (or by `single`).
 */
export function lanes<T extends RuntimeValue>(count: number, lane: (l: number) => T): T[] {
  const out = new Array<T | undefined>(count).fill(undefined) as T[];
  for (let l = 0; l < count; l++) out[l] = lane(l);
  return out;
}

/** `[value]` in the generic elements kind (see `lanes`). */
export function single<T extends RuntimeValue>(value: T): T[] {
  return lanes(1, () => value);
}

/** A fresh vector value. */
export function makeVector(shape: readonly number[], elements: Scalar[]): VectorValue {
  return { kind: 'vector', shape, elements };
}

/** Narrows a run-time value to a vector (the verifier guarantees the type). */
export function asVector(v: RuntimeValue | undefined, opName: string): VectorValue {
  if (typeof v === 'object' && v.kind === 'vector') return v;
  throw new TypeError(`${opName}: expected a vector operand`);
}

/** Narrows a run-time value to a scalar. */
export function asScalar(v: RuntimeValue | undefined, opName: string): Scalar {
  if (typeof v === 'bigint' || typeof v === 'number') return v;
  throw new TypeError(`${opName}: expected a scalar operand`);
}

/** Narrows to an integer scalar. */
export function asInt(v: RuntimeValue | undefined, opName: string): bigint {
  if (typeof v === 'bigint') return v;
  throw new TypeError(`${opName}: expected an integer operand`);
}
