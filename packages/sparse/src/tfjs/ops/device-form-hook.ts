/**
 * Where the ready-made ops ask for their GPU backends' device forms (see row-major-forms.ts and
 * webgpu/dot-products.ts):
 * the GPU backends' kernel configs install them (shader-kernel.ts), so an app registering only
 * the cpu or wasm kernels does not bundle them (there every operand runs as it is).
 */
import type { Scalar } from '@tensorflow/tfjs-core';
import type { SparseTensor } from '../../sparse-tensor/sparse-tensor.js';
import type { DeviceSparse } from '../device-sparse.js';
import type { SparseOpOptions } from '../sparse-op-key.js';

/** A sparse matrix argument: a `TfSparseTensor` (read through `DeviceSparse`) or a host tensor. */
export type SparseMatrix = DeviceSparse | SparseTensor;

/** What the GPU backends' kernel configs install. */
export interface DeviceForms {
  /** Matrix `A` in a form whose kernels run as parallel passes on the active backend. */
  rowMajorMatrix(A: SparseMatrix): SparseMatrix;
  /**
   * `sparseDot(a, b)` in the active backend's device form (`b` dense, or sparse when
   * `sparseB`), or `undefined` where the backend runs the dot product's kernel itself.
   */
  dot(
    a: SparseMatrix,
    b: SparseMatrix | object,
    sparseB: boolean,
    options: SparseOpOptions | undefined,
  ): Scalar | undefined;
}

let installed: Partial<DeviceForms> = {};

/** Called as the GPU backends' kernel configs are made (each adds the forms it has). */
export function installDeviceForms(forms: Partial<DeviceForms>): void {
  installed = { ...installed, ...forms };
}

/** `A` in the active backend's device form (itself where no GPU kernel configs were made). */
export function rowMajorMatrix(A: SparseMatrix): SparseMatrix {
  return installed.rowMajorMatrix?.(A) ?? A;
}

/** `sparseDot`'s device form on the active backend, or `undefined` where it has none. */
export function deviceDot(
  a: SparseMatrix,
  b: SparseMatrix | object,
  sparseB: boolean,
  options: SparseOpOptions | undefined,
): Scalar | undefined {
  return installed.dot?.(a, b, sparseB, options);
}
