/**
 * Affine subscripts (`O(i,j) = I(i+k, j+l) * F(k,l)`, MLIR's `sparse_conv_2d.mlir`): the
 * linear forms the parser builds for a subscript, the rule for which forms the emitter takes,
 * and their canonical text. A subscript is a sum of index variables with positive integer
 * coefficients plus a non-negative integer offset (`i+k`, `2*i+k`, `i+1`, `3`). Every
 * coordinate such a subscript reaches is at least its offset, so a tensor read through it
 * needs no padding below zero; its extent above is checked against the tensor's shape
 * (see affine-extents.ts).
 */
import { SparsifyError } from '../errors.js';
import type { AccessExpr, AffineSubscript } from './expression.js';

/** A linear form while a subscript is parsed: a coefficient per index variable, a constant. */
export interface LinearForm {
  /** Coefficients in order of first use (zero coefficients are kept until the form is done). */
  readonly terms: ReadonlyMap<string, number>;
  readonly constant: number;
  /** Set when two index variables were multiplied (the form is then not affine). */
  readonly product?: string;
}

/** The form of an index variable. */
export function variableForm(index: string): LinearForm {
  return { terms: new Map([[index, 1]]), constant: 0 };
}

/** The form of an integer constant. */
export function constantForm(value: number): LinearForm {
  return { terms: new Map(), constant: value };
}

/** `a + sign * b`. */
export function addForms(a: LinearForm, b: LinearForm, sign: 1 | -1): LinearForm {
  const terms = new Map(a.terms);
  for (const [i, c] of b.terms) terms.set(i, (terms.get(i) ?? 0) + sign * c);
  const product = a.product ?? b.product;
  return {
    terms,
    constant: a.constant + sign * b.constant,
    ...(product === undefined ? {} : { product }),
  };
}

/** `a * b`; a product of two forms that both hold index variables is marked, not affine. */
export function multiplyForms(a: LinearForm, b: LinearForm): LinearForm {
  const [scaled, by] = a.terms.size === 0 ? [b, a.constant] : [a, b.constant];
  const product =
    a.product ??
    b.product ??
    (a.terms.size > 0 && b.terms.size > 0
      ? `${[...a.terms.keys()][0]}*${[...b.terms.keys()][0]}`
      : undefined);
  const terms = new Map([...scaled.terms].map(([i, c]) => [i, c * by] as const));
  return {
    terms,
    constant: scaled.constant * by,
    ...(product === undefined ? {} : { product }),
  };
}

/** What the emitter takes, for error messages. */
export const AFFINE_SUBSCRIPT_RULE =
  'index variables with positive integer coefficients plus a non-negative integer offset (i+k, 2*i+k, i+1)';

/**
 * The subscript `text` of `tensor` as an {@link AffineSubscript}, or a {@link SparsifyError}
 * naming it: a product of index variables, a subtracted index variable (a coefficient below
 * zero) or an offset below zero is not one.
 */
export function affineSubscriptOf(form: LinearForm, text: string, tensor: string): AffineSubscript {
  const fail = (problem: string): never => {
    throw new SparsifyError(
      'expression',
      `the subscript ${text} of ${tensor} ${problem}`,
      AFFINE_SUBSCRIPT_RULE,
    );
  };
  if (form.product !== undefined) {
    fail(`multiplies index variables (${form.product}), which is not affine`);
  }
  const terms: { index: string; coefficient: number }[] = [];
  for (const [index, coefficient] of form.terms) {
    if (!Number.isSafeInteger(coefficient)) fail(`has a coefficient too large for ${index}`);
    if (coefficient < 0) {
      fail(
        `subtracts the index ${index}; only sums of index variables are supported (reverse the other operand instead, e.g. read F(k) as a flipped copy)`,
      );
    }
    if (coefficient > 0) terms.push({ index, coefficient });
  }
  if (!Number.isSafeInteger(form.constant)) fail('has an offset too large');
  if (form.constant < 0) {
    fail(
      `has the offset ${form.constant}, which reads below coordinate 0 (there is no padding: shift the other operand, or pad this one, instead)`,
    );
  }
  return { terms, offset: form.constant };
}

/** Whether a subscript is one bare index variable. */
export function isPlainSubscript(s: AffineSubscript): boolean {
  return s.offset === 0 && s.terms.length === 1 && s.terms[0]?.coefficient === 1;
}

/** The canonical text of a subscript (`2*i+k+1`), which the parser reads back. */
export function subscriptText(s: AffineSubscript): string {
  const parts = s.terms.map(({ index, coefficient }) =>
    coefficient === 1 ? index : `${coefficient}*${index}`,
  );
  if (s.offset > 0 || parts.length === 0) parts.push(String(s.offset));
  return parts.join('+');
}

/**
 * The index variables an access uses, in order of first use: its indices, or for an access
 * with affine subscripts the variables of those (`I(i+k, j+l)`: `i, k, j, l`).
 */
export function accessVariables(a: AccessExpr): readonly string[] {
  if (a.subscripts === undefined) return a.indices;
  return [...new Set(a.subscripts.flatMap((s) => s.terms.map((t) => t.index)))];
}

/** How many times an access uses `index` (each term of each subscript counts once). */
export function accessUsesOf(a: AccessExpr, index: string): number {
  if (a.subscripts === undefined) return a.indices.filter((i) => i === index).length;
  return a.subscripts.reduce((n, s) => n + s.terms.filter((t) => t.index === index).length, 0);
}
