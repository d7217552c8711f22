/**
 * A sparse tensor on the backend as the kernel-running code reads it, below the
 * `TfSparseTensor` class: that class's `toDense()` is an op built on this code, so the code
 * names what it reads (an interface) and asks the class through the hooks it registers when it
 * loads, instead of importing it.
 */
import type * as tf from '@tensorflow/tfjs-core';
import { SparseFormatError } from '../sparse-tensor/errors.js';
import { type FormatSpec, resolveFormat, type SparseFormat } from '../sparse-tensor/format.js';

/** Value dtypes a `TfSparseTensor` holds. */
export type TfSparseDType = 'float32' | 'int32';

/** The tensors of a `TfSparseTensor`'s storage, as `TfSparseTensor.fromTensors` takes them. */
export interface TfSparseStorage {
  readonly values: tf.Tensor1D;
  /** Per level: the positions (compressed levels) or `undefined`. */
  readonly positions: readonly (tf.Tensor1D | undefined)[];
  /** Per level: the coordinates (compressed and singleton levels) or `undefined`. */
  readonly coordinates: readonly (tf.Tensor1D | undefined)[];
}

/**
 * What a kernel call reads of a sparse operand on the backend: a `TfSparseTensor`, or a host
 * tensor's storage uploaded for one call.
 */
export interface DeviceSparse extends TfSparseStorage {
  readonly shape: readonly number[];
  readonly rank: number;
  /** Resolved format; positions and coordinates are always 32-bit. */
  readonly format: SparseFormat;
  readonly dtype: TfSparseDType;
  /** Stored entries (the length of the values tensor). */
  readonly nnz: number;
}

/**
 * `format` with 32-bit positions and coordinates (the width of int32 tensors); a block or
 * structured format only where `acceptsBlocks` (a `TfSparseTensor` holding one, which `spmm`
 * and `spmv` take).
 */
export function format32(format: FormatSpec, rank: number, acceptsBlocks = false): SparseFormat {
  const levels = (format as { levels?: unknown } | null)?.levels;
  if (
    typeof format !== 'string' &&
    !Array.isArray(format) &&
    (typeof format !== 'object' || format === null || !Array.isArray(levels))
  )
    throw new SparseFormatError(
      'format',
      'expected a format name, a level list or {levels, order?, posWidth?, crdWidth?}',
    );
  const resolved = resolveFormat(format, rank, { posWidth: 32, crdWidth: 32 });
  // Kernels other than the level-space products walk one level per dimension.
  if (!acceptsBlocks && resolved.expressions !== undefined)
    throw new SparseFormatError(
      'format',
      `a block or structured format is held by TfSparseTensor.fromSparseTensor, fromDense, fromCoordinates or from and taken by spmm and spmv; use 'CSR' here`,
    );
  return resolved;
}

/** A `TfSparseTensor` wrapping storage this package made or checked (nothing is checked). */
type CheckedConstructor = (
  shape: readonly number[],
  format: SparseFormat,
  storage: TfSparseStorage,
) => DeviceSparse;

/** What the class lends the code below it, set as it is defined: no instance exists before. */
let isInstance: ((x: unknown) => boolean) | undefined;
let checked: CheckedConstructor | undefined;

/** Called once by the `TfSparseTensor` class as it is defined. */
export function registerTfSparseTensor(
  instanceCheck: (x: unknown) => boolean,
  construct: CheckedConstructor,
): void {
  isInstance = instanceCheck;
  checked = construct;
}

/** Whether `x` is a `TfSparseTensor` (false for anything while the class is not loaded). */
export function isTfSparseTensor(x: unknown): x is DeviceSparse & { readonly isDisposed: boolean } {
  return isInstance?.(x) ?? false;
}

/**
 * A `TfSparseTensor` beside `of`, one (so the class is loaded), wrapping storage this package
 * made from `of`'s: nothing is checked or read.
 */
export function siblingTfSparseTensor(
  of: DeviceSparse,
  shape: readonly number[],
  format: SparseFormat,
  storage: TfSparseStorage,
): DeviceSparse {
  if (checked === undefined || !isTfSparseTensor(of))
    throw new SparseFormatError('of', 'expected a TfSparseTensor');
  return checked(shape, format, storage);
}
