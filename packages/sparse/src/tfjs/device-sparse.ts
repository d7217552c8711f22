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

/** A sparse tensor on the backend that can tell whether its tensors were disposed. */
export type LiveDeviceSparse = DeviceSparse & { readonly isDisposed: boolean };

/** A `TfSparseTensor` wrapping storage this package made or checked (nothing is checked). */
type CheckedConstructor = (
  shape: readonly number[],
  format: SparseFormat,
  storage: TfSparseStorage,
) => LiveDeviceSparse;

/** What the class lends the code below it, set as it is defined: no instance exists before. */
let isInstance: ((x: unknown) => boolean) | undefined;
let checked: CheckedConstructor | undefined;

/**
 * Sparse tensors this package made on the backend while the class was not loaded: an app that
 * only passes host `SparseTensor`s to the ops never imports the class (which holds every
 * constructor), yet a gradient rebuilds its sparse operands from the saved tensors.
 */
const standIns = new WeakSet<object>();

/** Called once by the `TfSparseTensor` class as it is defined. */
export function registerTfSparseTensor(
  instanceCheck: (x: unknown) => boolean,
  construct: CheckedConstructor,
): void {
  isInstance = instanceCheck;
  checked = construct;
}

/**
 * Whether `x` is a `TfSparseTensor` (or a stand-in for one that this package made while the
 * class was not loaded: see {@link deviceSparseTensor}).
 */
export function isTfSparseTensor(x: unknown): x is LiveDeviceSparse {
  return (isInstance?.(x) ?? false) || (typeof x === 'object' && x !== null && standIns.has(x));
}

/** A frozen `DeviceSparse` over `storage`, for when the class is not loaded. */
function standIn(
  shape: readonly number[],
  format: SparseFormat,
  storage: TfSparseStorage,
): LiveDeviceSparse {
  const { values, positions, coordinates } = storage;
  const tensors = [values, ...positions, ...coordinates];
  const s: LiveDeviceSparse = Object.freeze({
    values,
    positions: Object.freeze([...positions]),
    coordinates: Object.freeze([...coordinates]),
    shape: Object.freeze([...shape]),
    rank: shape.length,
    format,
    dtype: values.dtype as TfSparseDType,
    nnz: values.size,
    get isDisposed() {
      return tensors.some((t) => t?.isDisposed === true);
    },
  });
  standIns.add(s);
  return s;
}

/**
 * A sparse tensor on the backend wrapping storage this package made or checked (nothing is
 * checked or read): a `TfSparseTensor` where the class is loaded, else a stand-in the kernel
 * code takes alike.
 */
export function deviceSparseTensor(
  shape: readonly number[],
  format: SparseFormat,
  storage: TfSparseStorage,
): LiveDeviceSparse {
  return checked?.(shape, format, storage) ?? standIn(shape, format, storage);
}

/**
 * A sparse tensor beside `of` (a `TfSparseTensor` or a stand-in), wrapping storage this package
 * made from `of`'s: nothing is checked or read.
 */
export function siblingTfSparseTensor(
  of: DeviceSparse,
  shape: readonly number[],
  format: SparseFormat,
  storage: TfSparseStorage,
): DeviceSparse {
  if (!isTfSparseTensor(of)) throw new SparseFormatError('of', 'expected a TfSparseTensor');
  return deviceSparseTensor(shape, format, storage);
}
