/**
 * How a sparse operand travels through a kernel call: one input tensor per storage array
 * (`A/values`, `A/pos<l>`, `A/crd<l>`), its logical shape and its format in the attributes.
 * Ops pack operands with these names; kernels and gradients unpack them with the same ones.
 */
import type { TensorInfo } from '@tensorflow/tfjs-core';
import type { SparseFormat } from '../sparse-tensor/format.js';
import { SparsifyError } from '../sparsify/errors.js';

/** Input name of a sparse operand's values. */
export function valuesInput(tensor: string): string {
  return `${tensor}/values`;
}

/** Input name of a sparse operand's positions at `level`. */
export function positionsInput(tensor: string, level: number): string {
  return `${tensor}/pos${level}`;
}

/** Input name of a sparse operand's coordinates at `level`. */
export function coordinatesInput(tensor: string, level: number): string {
  return `${tensor}/crd${level}`;
}

/** The format part every sparse operand's attribute records (widths are always 32). */
export interface OperandFormat {
  readonly levels: SparseFormat['levels'];
  readonly order: SparseFormat['order'];
}

/** A sparse operand's storage as kernel inputs, for any backend's data representation. */
export interface SparseOperandInfos {
  readonly values: TensorInfo;
  readonly positions: readonly (TensorInfo | undefined)[];
  readonly coordinates: readonly (TensorInfo | undefined)[];
}

/** Picks sparse operand `tensor`'s storage inputs out of a kernel's inputs. */
export function sparseOperandInfos(
  inputs: Readonly<Record<string, TensorInfo | undefined>>,
  tensor: string,
  format: OperandFormat,
): SparseOperandInfos {
  const values = inputs[valuesInput(tensor)];
  if (values === undefined)
    throw new SparsifyError('inputs', `missing the input ${valuesInput(tensor)}`);
  return {
    values,
    positions: format.levels.map((_, l) => inputs[positionsInput(tensor, l)]),
    coordinates: format.levels.map((_, l) => inputs[coordinatesInput(tensor, l)]),
  };
}
