/**
 * Test fixtures for the sparse kernels: random sparse data whose values are exact in binary
 * (quarters, or powers of two for products), so every summation order gives the same f32
 * result, and an independent dense evaluator of tensor index notation (plain loops over every
 * index tuple, no formats, no lattices).
 */

import { seededRandom } from '@tilekit/conformance/testing';
import { type Expr, parseNotation } from '../../src/index.js';

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
 * Evaluates tensor index notation densely: loops over every tuple of every index variable in
 * order of appearance, rounding each f32 op (`round`), and folds into the output by `op`
 * (`*=` skips zero terms: a product over stored entries).
 */
export function denseEvaluate(
  notation: string,
  inputs: DenseInputs,
  init: Float64Array,
  round: (x: number) => number = Math.fround,
): Float64Array {
  const n = parseNotation(notation);
  const out = Float64Array.from(init.map((x) => (n.op === '=' ? 0 : x)));
  const sizes = new Map<string, number>();
  for (const [name, t] of Object.entries(inputs)) {
    if (typeof t === 'number') continue;
    const access = findAccess(n.rhs, name);
    for (const [d, i] of (access?.indices ?? []).entries()) sizes.set(i, t.shape[d] as number);
  }
  const vars = [...new Set([...n.output.indices, ...accessesIndices(n.rhs)])];
  const reduces = vars.some((v) => !n.output.indices.includes(v));
  const at = new Map<string, number>();
  const read = (name: string, indices: readonly string[]): number => {
    const t = inputs[name];
    if (typeof t === 'number' || t === undefined) return t ?? 0;
    let k = 0;
    indices.forEach((i, d) => {
      k = k * (t.shape[d] as number) + (at.get(i) as number);
    });
    return t.data[k] as number;
  };
  const evaluate = (e: Expr): number => {
    switch (e.kind) {
      case 'access':
        return read(e.tensor, e.indices);
      case 'const':
        return round(e.value);
      case 'neg':
        return -evaluate(e.operand);
      case 'binary': {
        const a = evaluate(e.lhs);
        const b = evaluate(e.rhs);
        return round(e.op === '+' ? a + b : e.op === '-' ? a - b : a * b);
      }
      default:
        throw new Error(`denseEvaluate: ${e.kind} is outside the catalog's notation`);
    }
  };
  const visit = (d: number): void => {
    if (d === vars.length) {
      let o = 0;
      for (const i of n.output.indices) o = o * (sizes.get(i) as number) + (at.get(i) as number);
      const v = evaluate(n.rhs);
      // `*=` multiplies over stored entries only: implicit zeros are skipped.
      if (n.op === '*=' && v === 0) return;
      const old = out[o] as number;
      out[o] = n.op === '*=' ? round(old * v) : reduces || n.op === '+=' ? round(old + v) : v;
      return;
    }
    const v = vars[d] as string;
    for (let x = 0; x < (sizes.get(v) ?? 0); x++) {
      at.set(v, x);
      visit(d + 1);
    }
  };
  visit(0);
  return out;
}

function findAccess(e: Expr, name: string): { indices: readonly string[] } | undefined {
  if (e.kind === 'access') return e.tensor === name ? e : undefined;
  if (e.kind === 'neg') return findAccess(e.operand, name);
  if (e.kind === 'binary') return findAccess(e.lhs, name) ?? findAccess(e.rhs, name);
  return undefined;
}

function accessesIndices(e: Expr): string[] {
  if (e.kind === 'access') return [...e.indices];
  if (e.kind === 'neg') return accessesIndices(e.operand);
  if (e.kind === 'binary') return [...accessesIndices(e.lhs), ...accessesIndices(e.rhs)];
  return [];
}

/** Maps -0 to +0 (the sign of an absent entry's zero is not part of sparse semantics). */
export function withoutNegativeZeros(a: ArrayLike<number | bigint>): number[] {
  return Array.from(a, (x) => (Number(x) === 0 ? 0 : Number(x)));
}
