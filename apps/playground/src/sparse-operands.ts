/**
 * The operands the Sparse panel runs an expression on: every index of the same extent, values
 * from a fixed formula (so the tests can recompute them with a plain loop), a sparse operand's
 * zeros left unstored.
 */
import type { FormatSpec } from '@tilekit/sparse';

/** One operand as generated: its dense values, and its format when it is stored sparse. */
export interface PanelOperand {
  readonly name: string;
  /** `[]` for a scalar. */
  readonly shape: readonly number[];
  /** Row-major values (zeros included). */
  readonly values: Float32Array;
  /** The storage format, for an operand the formats name; dense otherwise. */
  readonly format?: FormatSpec;
}

/** The value every scalar operand gets. */
export const SCALAR_OPERAND = 2;

/**
 * The most elements one operand may have: beyond it an extent raised to a rank-3 operand's
 * power would ask the browser for gigabytes.
 */
export const MAX_OPERAND_ELEMENTS = 1 << 22;

/**
 * Whether a sparse operand number `seed` stores its element `k`: a third of the elements, by a
 * multiplicative hash of `k`, so rows get different lengths (some none) rather than a stripe.
 */
export function isStoredElement(k: number, seed: number): boolean {
  return ((Math.imul(k + 1, 0x9e3779b1) ^ seed) >>> 0) % 3 === 0;
}

/**
 * Element `k` of operand number `seed`: `((k * 7 + seed) % 9) / 4 - 1` (0 becomes 0.5, so
 * every stored element is non-zero), and for a sparse operand 0 where
 * {@link isStoredElement} says it is not stored.
 */
export function operandValue(k: number, seed: number, sparse: boolean): number {
  if (sparse && !isStoredElement(k, seed)) return 0;
  return ((k * 7 + seed) % 9) / 4 - 1 || 0.5;
}

/**
 * The operands for the tensors `inputs` names (in call order), every index of extent `extent`.
 *
 * @throws RangeError when an operand would pass {@link MAX_OPERAND_ELEMENTS}.
 */
export function panelOperands(
  inputs: readonly { readonly name: string; readonly indices: readonly string[] }[],
  formats: Readonly<Record<string, FormatSpec>>,
  extent: number,
): PanelOperand[] {
  return inputs.map(({ name, indices }, seed) => {
    if (indices.length === 0) return { name, shape: [], values: Float32Array.of(SCALAR_OPERAND) };
    const shape = indices.map(() => extent);
    const size = extent ** indices.length;
    if (size > MAX_OPERAND_ELEMENTS)
      throw new RangeError(
        `operand ${name} would hold ${extent}^${indices.length} = ${size} elements, more than ${MAX_OPERAND_ELEMENTS}: lower the extent`,
      );
    const format = formats[name];
    const values = Float32Array.from({ length: size }, (_, k) =>
      operandValue(k, seed, format !== undefined),
    );
    return format === undefined ? { name, shape, values } : { name, shape, values, format };
  });
}
