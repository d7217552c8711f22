/**
 * `TfSparseTensor`: a sparse tensor whose storage arrays are tfjs tensors on the active backend
 * (GPU buffers on webgl/webgpu, heap memory on wasm), so sparse ops chain without reading data
 * back. Storage follows {@link SparseTensor}'s level scheme with 32-bit positions and
 * coordinates (int32 tensors) and float32 or int32 values.
 */
import * as tf from '@tensorflow/tfjs-core';
import { INT32_MAX } from '@tilekit/errors';
import { markImmutable } from '@tilekit/loop-engines';
import { SparseFormatError, SparseStorageError } from '../sparse-tensor/errors.js';
import {
  type FormatSpec,
  hasCoordinates,
  isCompressed,
  resolveFormat,
  type SparseFormat,
} from '../sparse-tensor/format.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { type IndexArray, readIndex } from '../sparse-tensor/storage-arrays.js';

/** Value dtypes a {@link TfSparseTensor} holds. */
export type TfSparseDType = 'float32' | 'int32';

/** The tensors of a {@link TfSparseTensor}'s storage, as {@link TfSparseTensor.fromTensors} takes them. */
export interface TfSparseStorage {
  readonly values: tf.Tensor1D;
  /** Per level: the positions (compressed levels) or `undefined`. */
  readonly positions: readonly (tf.Tensor1D | undefined)[];
  /** Per level: the coordinates (compressed and singleton levels) or `undefined`. */
  readonly coordinates: readonly (tf.Tensor1D | undefined)[];
}

/** The largest position or coordinate an int32 tensor holds exactly. */

/** `format` with 32-bit positions and coordinates (the width of int32 tensors). */
export function format32(format: FormatSpec, rank: number): SparseFormat {
  return resolveFormat(format, rank, { posWidth: 32, crdWidth: 32 });
}

/**
 * Int32 copies of host index arrays, made once per array: a `SparseTensor`'s storage never
 * changes, so every upload of it (one per op called with a host operand) shares them, and the
 * wasm engine keeps them in its memory between calls (they are marked immutable).
 */
const int32Copies = new WeakMap<IndexArray, Int32Array>();

/** An index array of any width as int32 (throws past 2^31 - 1, which no int32 tensor holds). */
function int32Of(array: IndexArray, argument: string): Int32Array {
  const known = int32Copies.get(array);
  if (known !== undefined) return known;
  const out = new Int32Array(array.length);
  for (let k = 0; k < array.length; k++) {
    const v = readIndex(array, k);
    if (v > INT32_MAX)
      throw new SparseStorageError(argument, `${v} does not fit an int32 tensor`, k);
    out[k] = v;
  }
  markImmutable(out);
  int32Copies.set(array, out);
  return out;
}

/** A sparse tensor whose storage arrays are tfjs tensors on a backend. */
export class TfSparseTensor {
  readonly shape: readonly number[];
  /** Resolved format; positions and coordinates are always 32-bit. */
  readonly format: SparseFormat;
  readonly values: tf.Tensor1D;
  readonly positions: readonly (tf.Tensor1D | undefined)[];
  readonly coordinates: readonly (tf.Tensor1D | undefined)[];

  private constructor(shape: readonly number[], format: SparseFormat, storage: TfSparseStorage) {
    this.shape = Object.freeze([...shape]);
    this.format = format;
    this.values = storage.values;
    this.positions = Object.freeze([...storage.positions]);
    this.coordinates = Object.freeze([...storage.coordinates]);
    Object.freeze(this);
  }

  /** Uploads a {@link SparseTensor}'s storage to the active backend (float64 values are refused). */
  static fromSparseTensor(s: SparseTensor): TfSparseTensor {
    if (!(s instanceof SparseTensor))
      throw new SparseFormatError('sparse', 'expected a SparseTensor');
    if (s.dtype !== 'float32' && s.dtype !== 'int32')
      throw new SparseFormatError('sparse', `tfjs holds float32 or int32 values, got ${s.dtype}`);
    const format = format32(s.format, s.rank);
    markImmutable(s.values as Float32Array | Int32Array);
    const upload = (a: IndexArray | undefined, name: string) =>
      a === undefined ? undefined : tf.tensor1d(int32Of(a, name), 'int32');
    return new TfSparseTensor(s.shape, format, {
      values: tf.tensor1d(s.values as Float32Array | Int32Array, s.dtype),
      positions: s.positions.map((a, l) => upload(a, `positions[${l}]`)),
      coordinates: s.coordinates.map((a, l) => upload(a, `coordinates[${l}]`)),
    });
  }

  /**
   * Stores the non-zeros of a dense float32 or int32 tensor in `format`. Reads the tensor once
   * (how many non-zeros there are decides the storage sizes); the tensor is not disposed.
   */
  static fromDense(tensor: tf.Tensor, format: FormatSpec): TfSparseTensor {
    if (!(tensor instanceof tf.Tensor))
      throw new SparseFormatError('tensor', 'expected a tf.Tensor');
    if (tensor.dtype !== 'float32' && tensor.dtype !== 'int32')
      throw new SparseFormatError('tensor', `dtype must be float32 or int32, got ${tensor.dtype}`);
    const data = tensor.dataSync() as Float32Array | Int32Array;
    return TfSparseTensor.fromSparseTensor(
      SparseTensor.fromDense(data, tensor.shape, format, {
        dtype: tensor.dtype,
        posWidth: 32,
        crdWidth: 32,
      }),
    );
  }

  /**
   * Stores COO triples: `values[k]` at `indices[k]` (dimension order, any order, no duplicates)
   * in `format`. `indices` is an int32 `[nnz, rank]` tensor or a list of coordinate tuples;
   * tensors given are read once and not disposed.
   */
  static fromCoordinates(
    indices: tf.Tensor2D | readonly (readonly number[])[],
    values: tf.Tensor1D | ArrayLike<number>,
    shape: readonly number[],
    format: FormatSpec,
    dtype: TfSparseDType = values instanceof tf.Tensor && values.dtype === 'int32'
      ? 'int32'
      : 'float32',
  ): TfSparseTensor {
    let tuples: readonly (readonly number[])[];
    if (indices instanceof tf.Tensor) {
      if (indices.rank !== 2 || indices.shape[1] !== shape.length)
        throw new SparseFormatError(
          'indices',
          `expected shape [nnz, ${shape.length}], got [${indices.shape.join(', ')}]`,
        );
      tuples = indices.arraySync() as number[][];
    } else {
      tuples = indices;
    }
    const vals = values instanceof tf.Tensor ? values.dataSync() : values;
    return TfSparseTensor.fromSparseTensor(
      SparseTensor.fromCoordinates(tuples, vals, shape, format, {
        dtype,
        posWidth: 32,
        crdWidth: 32,
      }),
    );
  }

  /**
   * Wraps tensors already on the backend (not copied, not read: their sizes and dtypes are
   * checked, their contents are trusted). The new sparse tensor owns them: `dispose()` frees
   * them.
   */
  static fromTensors(
    shape: readonly number[],
    format: FormatSpec,
    storage: TfSparseStorage,
  ): TfSparseTensor {
    const resolved = format32(format, shape.length);
    const oneD = (t: unknown, name: string, dtype?: string): void => {
      if (!(t instanceof tf.Tensor) || t.rank !== 1)
        throw new SparseFormatError(name, 'expected a rank-1 tf.Tensor');
      if (t.isDisposed) throw new SparseFormatError(name, 'is disposed');
      if (dtype !== undefined && t.dtype !== dtype)
        throw new SparseFormatError(name, `expected dtype ${dtype}, got ${t.dtype}`);
    };
    oneD(storage.values, 'storage.values');
    if (storage.values.dtype !== 'float32' && storage.values.dtype !== 'int32')
      throw new SparseFormatError(
        'storage.values',
        `dtype must be float32 or int32, got ${storage.values.dtype}`,
      );
    resolved.levels.forEach((lt, l) => {
      const pos = storage.positions[l];
      const crd = storage.coordinates[l];
      if (isCompressed(lt)) oneD(pos, `storage.positions[${l}]`, 'int32');
      else if (pos !== undefined)
        throw new SparseFormatError(`storage.positions[${l}]`, `a ${lt} level has no positions`);
      if (hasCoordinates(lt)) oneD(crd, `storage.coordinates[${l}]`, 'int32');
      else if (crd !== undefined)
        throw new SparseFormatError(
          `storage.coordinates[${l}]`,
          `a ${lt} level has no coordinates`,
        );
    });
    return new TfSparseTensor(shape, resolved, storage);
  }

  get rank(): number {
    return this.shape.length;
  }

  get dtype(): TfSparseDType {
    return this.values.dtype as TfSparseDType;
  }

  /** Stored entries (the length of the values tensor). */
  get nnz(): number {
    return this.values.size;
  }

  /** Whether {@link dispose} ran (or any storage tensor was disposed). */
  get isDisposed(): boolean {
    return this.tensors().some((t) => t.isDisposed);
  }

  /** Every storage tensor: values, then positions and coordinates per level. */
  tensors(): tf.Tensor1D[] {
    const defined = (t: tf.Tensor1D | undefined): t is tf.Tensor1D => t !== undefined;
    return [this.values, ...this.positions.filter(defined), ...this.coordinates.filter(defined)];
  }

  /**
   * The same sparsity pattern with other values (a float32 or int32 tensor of `nnz` elements),
   * e.g. a gradient with respect to the values. Positions and coordinates are shared through
   * `tf.clone` (no copy), so each sparse tensor can be disposed on its own.
   */
  withValues(values: tf.Tensor1D): TfSparseTensor {
    if (!(values instanceof tf.Tensor) || values.rank !== 1 || values.size !== this.nnz)
      throw new SparseFormatError('values', `expected a rank-1 tensor of ${this.nnz} elements`);
    const clone = (t: tf.Tensor1D | undefined) => (t === undefined ? undefined : tf.clone(t));
    return new TfSparseTensor(this.shape, this.format, {
      values,
      positions: this.positions.map(clone),
      coordinates: this.coordinates.map(clone),
    });
  }

  /** Reads the storage back into a host {@link SparseTensor}. */
  async toSparseTensor(): Promise<SparseTensor> {
    const read = async (t: tf.Tensor1D | undefined) =>
      t === undefined ? undefined : Uint32Array.from((await t.data()) as Int32Array);
    const [values, positions, coordinates] = await Promise.all([
      this.values.data() as Promise<Float32Array | Int32Array>,
      Promise.all(this.positions.map(read)),
      Promise.all(this.coordinates.map(read)),
    ]);
    return SparseTensor.fromStorage(this.shape, this.format, { values, positions, coordinates });
  }

  /** Frees every storage tensor. */
  dispose(): void {
    tf.dispose(this.tensors());
  }
}
