/**
 * `TfSparseTensor`: a sparse tensor whose storage arrays are tfjs tensors on the active backend
 * (GPU buffers on webgl/webgpu, heap memory on wasm), so sparse ops chain without reading data
 * back. Storage follows {@link SparseTensor}'s level scheme with 32-bit positions and
 * coordinates (int32 tensors) and float32 or int32 values.
 */

import * as tf from '@tensorflow/tfjs-core';
import { INT32_MAX } from '@tilekit/errors';
import { textOf } from '../sparse-error.js';
import { installSparseTensorConstruction } from '../sparse-tensor/construction.js';
import { SparseFormatError, SparseStorageError } from '../sparse-tensor/errors.js';
import {
  defaultFormat,
  type FormatSpec,
  hasCoordinates,
  isCompressed,
  MAX_RANK,
  type SparseFormat,
} from '../sparse-tensor/format.js';
import type {
  ScipyCoo,
  ScipyCsr,
  SparseSource,
  SparseTriple,
} from '../sparse-tensor/source-forms.js';
import { SparseTensor } from '../sparse-tensor/sparse-tensor.js';
import { transposedLayout } from '../sparse-tensor/transpose.js';
import {
  format32,
  registerTfSparseTensor,
  type TfSparseDType,
  type TfSparseStorage,
} from './device-sparse.js';
import { slice1d, tensorOf } from './direct-kernels.js';
import { densify } from './ops/densify.js';
import { uploadedStorage } from './sparse-upload.js';
import { checkStorage, checkStorageLengths, recordCheckedStorage } from './storage-check.js';

export { format32, type TfSparseDType, type TfSparseStorage };

/** What only this module can pass the constructor (storage it made or checked). */
const CHECKED_STORAGE = Symbol('checked storage');

/**
 * A tensor's data lives in host memory, so a synchronous read of it is a copy at most: the cpu
 * and wasm backends, or a GPU backend's tensor not yet uploaded.
 */
function inHostMemory(t: tf.Tensor): boolean {
  const backend = tf.getBackend();
  if (backend === 'cpu' || backend === 'wasm') return true;
  const b = tf.backend() as unknown as {
    texData?: { get(id: unknown): { values?: unknown } | undefined };
    tensorMap?: { get(id: unknown): { values?: unknown } | undefined };
  };
  const data = (b.texData ?? b.tensorMap)?.get(t.dataId);
  return data?.values != null;
}

/** A shape as tfjs tensors hold: non-negative integer extents within int32. */
function checkShape(shape: unknown, argument: string): readonly number[] {
  if (
    !Array.isArray(shape) ||
    shape.length > MAX_RANK ||
    !shape.every(
      (d) => typeof d === 'number' && Number.isSafeInteger(d) && d >= 0 && d <= INT32_MAX,
    )
  )
    throw new SparseFormatError(
      argument,
      `expected an array of at most ${MAX_RANK} non-negative int32 extents`,
    );
  return shape as readonly number[];
}

/**
 * `x` clamped into `[0, max]` by the backend's ClipByValue kernel. The kernels are run directly
 * rather than through `tf.clipByValue` and `tf.concat`: their op wrappers (argument conversion
 * and checks these internal int32 tensors do not need) would add to every app that uses
 * `TfSparseTensor`.
 */
function clamped(x: tf.Tensor1D, max: number): tf.Tensor1D {
  return tf.engine().runKernel(tf.ClipByValue, { x }, { clipValueMin: 0, clipValueMax: max });
}

/**
 * Positions and coordinates made safe on the device, for storage a GPU backend cannot check
 * without reading it back: positions clamped into their coordinates' range (first 0, last the
 * coordinates' length), coordinates into their level. Every loop of a kernel then stays within
 * the storage and the operands it indexes (a malformed storage gives wrong values, never a read
 * outside an operand or an unbounded loop). The given index tensors are disposed.
 */
function clampedOnDevice(
  format: SparseFormat,
  shape: readonly number[],
  storage: TfSparseStorage,
): TfSparseStorage {
  const levelSize = (l: number) => shape[format.order[l] as number] as number;
  return tf.tidy(() => {
    const positions = storage.positions.map((pos, l) => {
      const crd = storage.coordinates[l];
      if (pos === undefined || crd === undefined || pos.size < 2) return pos;
      const end = tensorOf(Int32Array.of(crd.size), 'int32');
      const inner = clamped(slice1d(pos, 1, pos.size - 2), crd.size);
      // Concat takes its inputs as a list, as tf.concat passes them.
      const parts = [
        tensorOf(new Int32Array(1), 'int32'),
        inner,
        end,
      ] as unknown as tf.NamedTensorMap;
      return tf.engine().runKernel(tf.Concat, parts, { axis: 0 }) as tf.Tensor1D;
    });
    const coordinates = storage.coordinates.map((crd, l) =>
      crd === undefined || crd.size === 0 ? crd : clamped(crd, Math.max(0, levelSize(l) - 1)),
    );
    tf.dispose(
      [...storage.positions, ...storage.coordinates].filter(
        (t, k): t is tf.Tensor1D => t !== undefined && t !== [...positions, ...coordinates][k],
      ),
    );
    return { values: storage.values, positions, coordinates };
  });
}

/** The fields of a source form, each also as a tf tensor (read once, not disposed). */
type TensorFields<T> = { readonly [K in keyof T]: T[K] | tf.Tensor };

/** A {@link SparseSource} whose arrays may also be tf tensors. */
export type TfSparseSource =
  | TensorFields<SparseTriple>
  | TensorFields<ScipyCoo>
  | TensorFields<ScipyCsr>;

/** A live tensor, or a typed error naming `argument`. */
function hostTensor(t: tf.Tensor, argument: string): void {
  if (t.isDisposed) throw new SparseFormatError(argument, 'is disposed');
}

/** Values a `TfSparseTensor` can hold: float32 or int32, or a typed error naming `argument`. */
function checkValueDType(t: tf.Tensor, argument: string): void {
  if (t.dtype !== 'float32' && t.dtype !== 'int32')
    throw new SparseFormatError(argument, `dtype must be float32 or int32, got ${t.dtype}`);
}

/** The host tensor's options for values of `dtype` uploaded as int32 index tensors. */
const options32 = (dtype: TfSparseDType) => ({ dtype, posWidth: 32, crdWidth: 32 }) as const;

/**
 * A tensor of indices has the shape its form needs: `[nnz, rank]` in a triple (so its flat
 * data splits into tuples of the right rank), `[nnz]` in CSR arrays.
 */
function checkIndicesTensor(indices: tf.Tensor, fields: Record<string, unknown>): void {
  hostTensor(indices, 'indices');
  const denseShape = hostData(fields.denseShape, 'denseShape');
  const rank =
    Array.isArray(denseShape) || ArrayBuffer.isView(denseShape)
      ? (denseShape as ArrayLike<unknown>).length
      : undefined;
  const ok =
    'indptr' in fields
      ? indices.rank === 1
      : rank === undefined || (indices.rank === 2 && indices.shape[1] === rank);
  if (!ok) {
    const expected = 'indptr' in fields ? '[nnz]' : `[nnz, ${rank}]`;
    throw new SparseFormatError(
      'indices',
      `expected a tensor of shape ${expected}, got [${indices.shape.join(', ')}]`,
    );
  }
}

/** A field as host data: a tensor's values (read once, not disposed), anything else as it is. */
function hostData(x: unknown, argument: string): unknown {
  if (!(x instanceof tf.Tensor)) return x;
  hostTensor(x, argument);
  return x.dataSync();
}

/** The constructor, for {@link checkedTfSparseTensor} (set by the class). */
let construct: (
  shape: readonly number[],
  format: SparseFormat,
  storage: TfSparseStorage,
) => TfSparseTensor;

/**
 * Wraps storage tensors this package made or checked (a kernel's saved inputs, which a sparse
 * tensor's constructors checked): nothing is checked or read. Internal to the package.
 */
export function checkedTfSparseTensor(
  shape: readonly number[],
  format: FormatSpec,
  storage: TfSparseStorage,
): TfSparseTensor {
  return construct(shape, format32(format, shape.length), storage);
}

/** A sparse tensor whose storage arrays are tfjs tensors on a backend. */
export class TfSparseTensor {
  static {
    construct = (shape, format, storage) =>
      new TfSparseTensor(CHECKED_STORAGE, shape, format, storage);
    registerTfSparseTensor((x) => x instanceof TfSparseTensor, construct);
    // Its constructors build host tensors first, and its holders may convert them.
    installSparseTensorConstruction();
  }

  // Declared, and set by the constructor (as SparseTensor's fields, for the same reason).
  declare readonly shape: readonly number[];
  /** Resolved format; positions and coordinates are always 32-bit. */
  declare readonly format: SparseFormat;
  declare readonly values: tf.Tensor1D;
  declare readonly positions: readonly (tf.Tensor1D | undefined)[];
  declare readonly coordinates: readonly (tf.Tensor1D | undefined)[];

  private constructor(
    token: typeof CHECKED_STORAGE,
    shape: readonly number[],
    format: SparseFormat,
    storage: TfSparseStorage,
  ) {
    if (token !== CHECKED_STORAGE)
      throw new SparseFormatError(
        'TfSparseTensor',
        'use TfSparseTensor.fromSparseTensor, fromDense, fromCoordinates or fromTensors',
      );
    this.shape = Object.freeze([...shape]);
    this.format = format;
    this.values = storage.values;
    this.positions = Object.freeze([...storage.positions]);
    this.coordinates = Object.freeze([...storage.coordinates]);
    Object.freeze(this);
  }

  /**
   * Uploads a {@link SparseTensor}'s storage to the active backend (float64 values are refused).
   * A block (BSR) or structured (n:m) tensor keeps its format: the storage is its level
   * tensor's, the shape its dimension shape; `spmm` and `spmv` take it (differentiable with
   * respect to its values through {@link withValues}), the other ops refuse it.
   */
  static fromSparseTensor(s: SparseTensor): TfSparseTensor {
    const { format, storage } = uploadedStorage(s, true);
    return new TfSparseTensor(CHECKED_STORAGE, s.shape, format, storage);
  }

  /**
   * Stores the non-zeros of a dense float32 or int32 tensor in `format`. Reads the tensor once
   * (how many non-zeros there are decides the storage sizes); the tensor is not disposed.
   */
  static fromDense(tensor: tf.Tensor, format: FormatSpec): TfSparseTensor {
    if (!(tensor instanceof tf.Tensor))
      throw new SparseFormatError('tensor', 'expected a tf.Tensor');
    hostTensor(tensor, 'tensor');
    checkValueDType(tensor, 'tensor');
    format32(format, tensor.rank, true);
    const data = tensor.dataSync() as Float32Array | Int32Array;
    return TfSparseTensor.fromSparseTensor(
      SparseTensor.fromDense(data, tensor.shape, format, options32(tensor.dtype as TfSparseDType)),
    );
  }

  /**
   * Stores COO triples: `values[k]` at the `k`-th coordinates (dimension order, any order;
   * repeats summed) in `format` (by default `'CSR'` for a matrix, `'sparse-vector'` for rank 1,
   * `'COO'` above). `indices` is an int32 `[nnz, rank]` tensor, a list of coordinate tuples,
   * or a flat row-major array of `nnz * rank` integers (a typed array or a list); tensors
   * given are read once and not disposed.
   */
  static fromCoordinates(
    indices: tf.Tensor | readonly (readonly number[])[] | ArrayLike<number>,
    values: tf.Tensor1D | ArrayLike<number>,
    shape: readonly number[],
    format?: FormatSpec,
    dtype: TfSparseDType = values instanceof tf.Tensor && values.dtype === 'int32'
      ? 'int32'
      : 'float32',
  ): TfSparseTensor {
    const checkedShape = checkShape(shape, 'shape');
    const resolvedFormat = format ?? defaultFormat(checkedShape.length);
    format32(resolvedFormat, checkedShape.length, true);
    if (indices instanceof tf.Tensor) {
      hostTensor(indices, 'indices');
      if (indices.rank !== 2 || indices.shape[1] !== checkedShape.length)
        throw new SparseFormatError(
          'indices',
          `expected shape [nnz, ${checkedShape.length}], got [${indices.shape.join(', ')}]`,
        );
    }
    const coordinates = indices instanceof tf.Tensor ? indices.dataSync() : indices;
    const vals = hostData(values, 'values');
    return TfSparseTensor.fromSparseTensor(
      SparseTensor.fromCoordinates(
        coordinates as ArrayLike<number>,
        vals as ArrayLike<number>,
        checkedShape,
        resolvedFormat,
        options32(dtype),
      ),
    );
  }

  /**
   * Reads a sparse tensor handed over by another library, as {@link SparseTensor.from} does:
   * TensorFlow's triple `{indices, values, denseShape}` (indices `[nnz, rank]`: an int32
   * tensor, nested tuples or a flat array), scipy's `{row, col, data, shape}` (COO) or
   * `{indptr, indices, data, shape}` (CSR); any array may be a tf tensor (read once, not
   * disposed). Stored in `format`, by default `'CSR'` for a matrix; values are `dtype`
   * (default: int32 for int32 value tensors, else float32).
   */
  static from(source: TfSparseSource, format?: FormatSpec, dtype?: TfSparseDType): TfSparseTensor {
    if (dtype !== undefined && dtype !== 'float32' && dtype !== 'int32')
      throw new SparseFormatError(
        'dtype',
        `tfjs holds float32 or int32 values, got ${textOf(dtype)}`,
      );
    if (
      source === null ||
      typeof source !== 'object' ||
      Array.isArray(source) ||
      source instanceof tf.Tensor
    )
      throw new SparseStorageError(
        'source',
        'expected {indices, values, denseShape}, {row, col, data, shape} or {indptr, indices, data, shape}',
      );
    const fields = source as unknown as Record<string, unknown>;
    const { indices } = fields;
    if (indices instanceof tf.Tensor) checkIndicesTensor(indices, fields);
    const values = fields.values ?? fields.data;
    const valueType: TfSparseDType =
      dtype ?? (values instanceof tf.Tensor && values.dtype === 'int32' ? 'int32' : 'float32');
    const plain: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(fields)) plain[name] = hostData(field, name);
    return TfSparseTensor.fromSparseTensor(
      SparseTensor.from(plain as unknown as SparseSource, format, options32(valueType)),
    );
  }

  /**
   * Wraps tensors already on the backend (not copied). Their ranks, dtypes and lengths are
   * checked against `shape` and `format` (typed errors, nothing disposed). Their contents are
   * checked too where they are in host memory (the cpu and wasm backends, or data a GPU backend
   * has not uploaded yet), with `SparseTensor.fromStorage`'s rules, so no kernel reads outside
   * an operand. Storage already on a GPU cannot be read without a stall (WebGL) or at all
   * (WebGPU), so there positions and coordinates are clamped on the device instead (new index
   * tensors replace the given ones, which are disposed): a malformed storage then gives wrong
   * values but every kernel stays within its operands. The new sparse tensor owns the tensors:
   * `dispose()` frees them.
   */
  static fromTensors(
    shape: readonly number[],
    format: FormatSpec,
    storage: TfSparseStorage,
  ): TfSparseTensor {
    const checkedShape = checkShape(shape, 'shape');
    const resolved = format32(format, checkedShape.length);
    if (typeof storage !== 'object' || storage === null)
      throw new SparseFormatError('storage', 'expected {values, positions, coordinates}');
    const { values, positions, coordinates } = storage;
    const perLevel = (a: unknown, name: string): readonly unknown[] => {
      if (!Array.isArray(a) || a.length > resolved.levels.length)
        throw new SparseFormatError(
          name,
          `expected an array of at most one tensor per level (${resolved.levels.length})`,
        );
      return a;
    };
    const pos = perLevel(positions, 'storage.positions');
    const crd = perLevel(coordinates, 'storage.coordinates');
    const oneD = (t: unknown, name: string, dtype?: string): void => {
      if (!(t instanceof tf.Tensor) || t.rank !== 1)
        throw new SparseFormatError(name, 'expected a rank-1 tf.Tensor');
      hostTensor(t, name);
      if (dtype !== undefined && t.dtype !== dtype)
        throw new SparseFormatError(name, `expected dtype ${dtype}, got ${t.dtype}`);
    };
    oneD(values, 'storage.values');
    checkValueDType(values, 'storage.values');
    resolved.levels.forEach((lt, l) => {
      if (isCompressed(lt)) oneD(pos[l], `storage.positions[${l}]`, 'int32');
      else if (pos[l] !== undefined)
        throw new SparseFormatError(`storage.positions[${l}]`, `a ${lt} level has no positions`);
      if (hasCoordinates(lt)) oneD(crd[l], `storage.coordinates[${l}]`, 'int32');
      else if (crd[l] !== undefined)
        throw new SparseFormatError(
          `storage.coordinates[${l}]`,
          `a ${lt} level has no coordinates`,
        );
    });
    const given: TfSparseStorage = {
      values,
      positions: resolved.levels.map((_, l) => pos[l] as tf.Tensor1D | undefined),
      coordinates: resolved.levels.map((_, l) => crd[l] as tf.Tensor1D | undefined),
    };
    checkStorageLengths(given, resolved, checkedShape, 'storage');
    const indexTensors = [...given.positions, ...given.coordinates].filter(
      (t): t is tf.Tensor1D => t !== undefined,
    );
    if (indexTensors.every(inHostMemory)) {
      checkStorage(
        given,
        resolved,
        checkedShape,
        'storage',
        (info) => (info as tf.Tensor).dataSync() as Int32Array | Float32Array,
      );
      return new TfSparseTensor(CHECKED_STORAGE, checkedShape, resolved, given);
    }
    const clamped = clampedOnDevice(resolved, checkedShape, given);
    recordCheckedStorage(clamped, resolved, checkedShape);
    return new TfSparseTensor(CHECKED_STORAGE, checkedShape, resolved, clamped);
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
    hostTensor(values, 'values');
    checkValueDType(values, 'values');
    return this.sharing(this.shape, this.format, values);
  }

  /**
   * A sparse tensor of `shape` and `format` over this one's index tensors, shared through
   * `tf.clone` (no copy, so each sparse tensor can be disposed on its own), with `values` (by
   * default a clone of this one's).
   */
  private sharing(
    shape: readonly number[],
    format: SparseFormat,
    values?: tf.Tensor1D,
  ): TfSparseTensor {
    if (this.isDisposed) throw new SparseFormatError('this', 'the sparse tensor is disposed');
    const clone = (t: tf.Tensor1D | undefined) => t && tf.clone(t);
    return new TfSparseTensor(CHECKED_STORAGE, shape, format, {
      values: values ?? tf.clone(this.values),
      positions: this.positions.map(clone),
      coordinates: this.coordinates.map(clone),
    });
  }

  /**
   * The dense tensor of this sparse tensor, built by a kernel on the active backend (no read-back
   * on the GPU backends): `sparseToDense(this)`, differentiable like it (with respect to the
   * values, through {@link withValues}).
   */
  toDense(): tf.Tensor {
    return densify(this);
  }

  /**
   * The stored entries as TensorFlow's triple, read back: `indices` (`[nnz, rank]` tuples in
   * row-major order), `values` and `denseShape` (see {@link SparseTensor.toTriple}).
   */
  async toTriple(): Promise<{
    indices: number[][];
    values: Float32Array | Int32Array;
    denseShape: number[];
  }> {
    const triple = (await this.toSparseTensor()).toTriple();
    return { ...triple, values: triple.values as Float32Array | Int32Array };
  }

  /**
   * The transposed tensor (`perm` as in `tf.transpose`, by default the dimensions reversed):
   * the same storage read in another mode order (a CSR matrix's transpose is CSC), shared
   * through `tf.clone` (no copy), so each sparse tensor can be disposed on its own.
   */
  transpose(perm?: readonly number[]): TfSparseTensor {
    const { shape, format } = transposedLayout(this.shape, this.format, perm);
    return this.sharing(shape, format);
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
