/**
 * Test fixtures for the sparse kernels: random sparse data whose values are exact in binary
 * (quarters, or powers of two for products), so every summation order gives the same f32
 * result, and the dense evaluation of tensor index notation the kernels are held to
 * (`@tilekit/conformance`'s reference: plain loops over every index tuple, no formats, no
 * lattices).
 */

import { referenceIndexNotation, seededRandom } from '@tilekit/conformance/testing';

/** The seeded uniform stream the fixtures draw from. */
export const rng = seededRandom;

/** Value profiles: exact quarters in [-8, 8] \ {0}, or ±1/±2/±0.5 (for products). */
export type Profile = 'quarters' | 'powers' | 'integers';

function value(profile: Profile, next: () => number): number {
  if (profile === 'powers') return [1, -1, 2, 0.5, -2, -0.5][Math.floor(next() * 6)] as number;
  const q = 1 + Math.floor(next() * 32);
  const v = profile === 'integers' ? q : q / 4;
  return next() < 0.5 ? -v : v;
}

/** Options of {@link randomDense}. */
export interface RandomOptions {
  readonly density: number;
  readonly profile?: Profile;
  /** Zero every third row (rank 2) to force empty rows. */
  readonly emptyRows?: boolean;
  readonly seed?: number;
}

/** A row-major dense array with about `density` non-zeros. */
export function randomDense(shape: readonly number[], o: RandomOptions): Float64Array {
  const next = rng(o.seed ?? 1);
  const size = shape.reduce((a, b) => a * b, 1);
  const cols = shape.length === 2 ? (shape[1] as number) : size;
  return Float64Array.from({ length: size }, (_, k) => {
    const keep = o.density >= 1 || next() < o.density;
    if (!keep) return 0;
    if (o.emptyRows === true && shape.length === 2 && Math.floor(k / cols) % 3 === 0) return 0;
    return value(o.profile ?? 'quarters', next);
  });
}

/** Dense operand data by tensor name (rank-0 operands are numbers). */
export type DenseInputs = Readonly<
  Record<string, { data: ArrayLike<number>; shape: readonly number[] } | number>
>;

/**
 * Evaluates tensor index notation densely with `@tilekit/conformance`'s reference (its own
 * parser, TACO's placement of sums, plain loops over every index tuple), rounding each op with
 * `round`, from the initial output `init` (read by `+=` and `*=`).
 */
export function denseEvaluate(
  notation: string,
  inputs: DenseInputs,
  init: Float64Array,
  round: (x: number) => number = Math.fround,
): Float64Array {
  return Float64Array.from(referenceIndexNotation(notation, inputs, init, { round }));
}

/** Maps -0 to +0 (the sign of an absent entry's zero is not part of sparse semantics). */
export function withoutNegativeZeros(a: ArrayLike<number | bigint>): number[] {
  return Array.from(a, (x) => (Number(x) === 0 ? 0 : Number(x)));
}
