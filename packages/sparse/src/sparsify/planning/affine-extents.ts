/**
 * Where binding finds the extents affine subscripts leave (see affine-extent-inference.ts). The
 * inference is installed by the planner's side (locatable-format.ts), which every kernel with
 * affine subscripts comes from, so that binding a kernel without them (a ready-made op's
 * prepared kernel) does not carry it.
 */
import { SparsifyError } from '../errors.js';
import type { AffineSubscript } from './expression.js';

/** One operand read through affine subscripts, with the shape it is bound with. */
export interface LocatedShape {
  /** The caller's operand, for errors. */
  readonly name: string;
  readonly subscripts: readonly AffineSubscript[];
  readonly shape: readonly number[];
}

/** Adds the inferred extents to `sizes` and checks every affine subscript against its shape. */
export type AffineExtentInference = (
  located: readonly LocatedShape[],
  sizes: Map<string, number>,
) => void;

let inference: AffineExtentInference | undefined;

/** Installs the inference (done once, by locatable-format.ts). */
export function installAffineExtentInference(f: AffineExtentInference): void {
  inference = f;
}

/** Sizes and checks the operands `located` (see {@link AffineExtentInference}). */
export function inferAffineExtents(
  located: readonly LocatedShape[],
  sizes: Map<string, number>,
): void {
  if (inference === undefined) {
    throw new SparsifyError(
      'kernel',
      'reads operands through affine subscripts but was not made by sparsify in this program',
    );
  }
  inference(located, sizes);
}
