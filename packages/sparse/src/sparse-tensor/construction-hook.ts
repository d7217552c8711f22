/**
 * Where `SparseTensor` finds the code that builds and converts storage. The class itself holds
 * only what every holder of a sparse tensor needs (its storage, checks, reading entries back);
 * building storage from coordinates, dense data or another library's arrays, converting it
 * between formats and transposing it are installed by the entries that hand out such tensors
 * (`@tilekit/sparse` and `TfSparseTensor`). A tfjs op that is given a sparse tensor thus never
 * carries those constructors in an app's bundle: the app that built the tensor has them already.
 */

import { SparseError } from '../sparse-error.js';
import type { SparseTensorOptions } from './constructor-options.js';
import { CONSTRUCTORS_NEEDED } from './constructors-needed.js';
import type { convertStorage, listEntries, nonzeroEntries, storageOfEntries } from './convert.js';
import type { FormatSpec, SparseFormat } from './format.js';
import type { StoredValue } from './storage-arrays.js';
import type { transposedLayout } from './transpose.js';
import type { SparseStorage } from './validate.js';

/** Storage built for a tensor, in its resolved format. */
export interface BuiltStorage {
  readonly format: SparseFormat;
  readonly storage: SparseStorage;
}

/** The constructors' and conversions' work, as `construction.ts` provides it. */
export interface SparseTensorConstruction {
  /** `SparseTensor.from`: another library's arrays (TensorFlow's triple, scipy's COO or CSR). */
  ofSource(
    source: unknown,
    format: FormatSpec | undefined,
    options: SparseTensorOptions | undefined,
  ): BuiltStorage & { readonly shape: readonly number[] };
  /** `SparseTensor.fromDense`: the non-zero elements of row-major data. */
  ofDense(
    data: ArrayLike<number> | BigInt64Array,
    shape: readonly number[],
    format: FormatSpec,
    options: SparseTensorOptions,
  ): BuiltStorage;
  /** `SparseTensor.fromCoordinates`: values at coordinates, in any order, repeats summed. */
  ofCoordinates(
    coordinates: readonly (readonly number[])[] | ArrayLike<number> | ArrayLike<bigint>,
    values: ArrayLike<StoredValue>,
    shape: readonly number[],
    format: FormatSpec | undefined,
    options: SparseTensorOptions,
  ): BuiltStorage;
  readonly ofEntries: typeof storageOfEntries;
  readonly converted: typeof convertStorage;
  readonly entries: typeof listEntries;
  readonly nonzero: typeof nonzeroEntries;
  readonly transposed: typeof transposedLayout;
}

let installed: SparseTensorConstruction | undefined;

/** Installs the constructors' work (idempotent: every installer passes the same object). */
export function installConstruction(construction: SparseTensorConstruction): void {
  installed = construction;
}

/**
 * The constructors' work, for `method`. Every entry that exports a way to obtain a
 * `SparseTensor` installs it first, so a missing one is this package's fault, said plainly.
 */
export function construction(method: string): SparseTensorConstruction {
  if (installed === undefined)
    throw new SparseError(`SparseTensor.${method} needs ${CONSTRUCTORS_NEEDED}`);
  return installed;
}
