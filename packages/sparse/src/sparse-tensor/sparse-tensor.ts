/**
 * `SparseTensor`: a tensor stored level by level in MLIR's sparse storage scheme (positions,
 * coordinates and values arrays), built from dense data or coordinate lists and converted
 * back. Instances are immutable; the arrays they hold are private copies and must not be
 * written to.
 */
import { rowMajorStrides } from '@tilekit/errors';
import {
  compareLevelEntries,
  type LevelEntry,
  type PlainStorage,
  packEntries,
} from './build-storage.js';
import { convertStorage } from './convert.js';
import { SparseFormatError, SparseStorageError } from './errors.js';
import {
  type FormatSpec,
  isCompressed,
  resolveFormat,
  type SparseFormat,
  type WidthOptions,
} from './format.js';
import {
  checkDType,
  dtypeOf,
  type IndexArray,
  indexArrayOf,
  readIndex,
  type StoredValue,
  type ValueArray,
  type ValueDType,
  valueArrayOf,
  widthOf,
} from './storage-arrays.js';
import { type SparseStorage, validateStorage } from './validate.js';

/** Options of the constructors: value dtype and position/coordinate widths. */
export interface SparseTensorOptions extends WidthOptions {
  /** Element type of the values (default: from a typed array input, else `'float32'`). */
  readonly dtype?: ValueDType;
}

let adopt: (shape: readonly number[], format: SparseFormat, storage: SparseStorage) => SparseTensor;

/**
 * Wraps storage this package built itself (kernel outputs), without validating or copying it:
 * the arrays must be canonical for `format` and owned by nobody else. Not part of the public
 * API (`fromStorage` is).
 */
export function adoptStorage(
  shape: readonly number[],
  format: SparseFormat,
  storage: SparseStorage,
): SparseTensor {
  return adopt(shape, format, storage);
}

/** A tensor in sparse level storage. */
export class SparseTensor {
  /** Dimension sizes, in dimension order. */
  readonly shape: readonly number[];
  readonly format: SparseFormat;
  /** Per level: the positions array of compressed levels, else `undefined`. */
  readonly positions: readonly (IndexArray | undefined)[];
  /** Per level: the coordinates array of non-dense levels, else `undefined`. */
  readonly coordinates: readonly (IndexArray | undefined)[];
  /** Stored values, one per position of the last level. */
  readonly values: ValueArray;

  static {
    adopt = (shape, format, storage) => new SparseTensor(shape, format, storage);
  }

  private constructor(shape: readonly number[], format: SparseFormat, storage: SparseStorage) {
    this.shape = Object.freeze([...shape]);
    this.format = format;
    this.positions = Object.freeze([...storage.positions]);
    this.coordinates = Object.freeze([...storage.coordinates]);
    this.values = storage.values;
    Object.freeze(this);
  }

  /**
   * Stores the non-zero elements of row-major `data` (a typed array or number list) of the
   * given shape in `format`. Explicit zeros are dropped except where a dense level keeps them.
   */
  static fromDense(
    data: ArrayLike<number> | BigInt64Array,
    shape: readonly number[],
    format: FormatSpec,
    options: SparseTensorOptions = {},
  ): SparseTensor {
    checkShape(shape);
    const size = shape.reduce((a, b) => a * b, 1);
    if (data.length !== size) {
      throw new SparseStorageError(
        'data',
        `expected ${size} elements for shape [${shape.join(', ')}], got ${data.length}`,
      );
    }
    const dtype = dtypeOption(options) ?? inferDType(data);
    const coords: number[][] = [];
    const values: StoredValue[] = [];
    const strides = rowMajorStrides(shape);
    for (let k = 0; k < size; k++) {
      const v = data[k] as StoredValue;
      if (Number(v) === 0) continue;
      coords.push(strides.map((s, d) => Math.floor(k / s) % (shape[d] as number)));
      values.push(v);
    }
    return SparseTensor.fromCoordinates(coords, values, shape, format, { ...options, dtype });
  }

  /**
   * Stores the elements `values[k]` at `coordinates[k]` (dimension order, any order, no
   * duplicates) in `format`.
   */
  static fromCoordinates(
    coordinates: readonly (readonly number[])[],
    values: ArrayLike<StoredValue>,
    shape: readonly number[],
    format: FormatSpec,
    options: SparseTensorOptions = {},
  ): SparseTensor {
    checkShape(shape);
    const dtype = dtypeOption(options) ?? inferDType(values);
    const resolved = resolveFormat(format, shape.length, options);
    if (coordinates.length !== values.length) {
      throw new SparseStorageError(
        'values',
        `expected ${coordinates.length} values (one per coordinate), got ${values.length}`,
      );
    }
    const entries: LevelEntry[] = coordinates.map((c, k) => {
      if (
        c.length !== shape.length ||
        c.some((x, d) => !Number.isInteger(x) || x < 0 || x >= (shape[d] as number))
      ) {
        throw new SparseStorageError(
          'coordinates',
          `(${c.join(', ')}) is not inside shape [${shape.join(', ')}]`,
          k,
        );
      }
      return {
        levelCoordinates: resolved.order.map((d) => c[d] as number),
        // int64 values travel as bigints; packing only moves them.
        value: values[k] as number,
      };
    });
    entries.sort(compareLevelEntries);
    const levelSizes = resolved.order.map((d) => shape[d] as number);
    const plain = packEntries(entries, resolved, levelSizes);
    return new SparseTensor(shape, resolved, toTypedStorage(plain, resolved, dtype));
  }

  /**
   * Wraps existing storage arrays (copied) after validating them against `format`; throws
   * {@link SparseStorageError} on non-monotone positions, out-of-range or unsorted
   * coordinates and wrong lengths.
   */
  static fromStorage(
    shape: readonly number[],
    format: FormatSpec,
    storage: SparseStorage,
  ): SparseTensor {
    checkShape(shape);
    // Widths named by the format win (so a mismatch is reported); otherwise the arrays decide.
    const named: WidthOptions =
      typeof format === 'object' && !Array.isArray(format) ? (format as WidthOptions) : {};
    const inferred = inferWidths(storage);
    const posWidth = named.posWidth ?? inferred.posWidth;
    const crdWidth = named.crdWidth ?? inferred.crdWidth;
    const resolved = resolveFormat(format, shape.length, {
      ...(posWidth === undefined ? {} : { posWidth }),
      ...(crdWidth === undefined ? {} : { crdWidth }),
    });
    validateStorage(
      storage,
      resolved,
      resolved.order.map((d) => shape[d] as number),
    );
    return new SparseTensor(shape, resolved, {
      positions: storage.positions.map((a) => a?.slice()),
      coordinates: storage.coordinates.map((a) => a?.slice()),
      values: storage.values.slice(),
    });
  }

  /**
   * The same tensor in another format: any level types, level order (`CSR` to `CSC`, a CSF
   * tensor to another mode order) and widths. Widths come from `options`, else from
   * `format`, else from this tensor. Stored zeros are dropped. Linear in `nnz` plus the
   * level sizes (see convert.ts).
   */
  convert(format: FormatSpec, options: WidthOptions = {}): SparseTensor {
    const named: WidthOptions =
      typeof format === 'object' && !Array.isArray(format) ? (format as WidthOptions) : {};
    const resolved = resolveFormat(format, this.rank, {
      posWidth: options.posWidth ?? named.posWidth ?? this.format.posWidth,
      crdWidth: options.crdWidth ?? named.crdWidth ?? this.format.crdWidth,
    });
    return new SparseTensor(this.shape, resolved, convertStorage(this, resolved));
  }

  /** Number of dimensions. */
  get rank(): number {
    return this.shape.length;
  }

  /** Element type of the values. */
  get dtype(): ValueDType {
    return dtypeOf(this.values);
  }

  /** Number of stored values (including explicit zeros kept by dense levels). */
  get nnz(): number {
    return this.values.length;
  }

  /** Level sizes: `shape[order[l]]`. */
  get levelSizes(): readonly number[] {
    return this.format.order.map((d) => this.shape[d] as number);
  }

  /** The stored elements as dimension-order coordinates and values, in storage order. */
  toCoordinates(): { coordinates: number[][]; values: number[] } {
    const coordinates: number[][] = [];
    const values: number[] = [];
    const rank = this.rank;
    const levelCrd: number[] = new Array<number>(rank).fill(0);
    const visit = (l: number, lo: number, hi: number): void => {
      // [lo, hi) is a range of positions at level l - 1's children; a dense level expands it.
      for (let p = lo; p < hi; p++) {
        if (l === rank) {
          const dims = new Array<number>(rank);
          this.format.order.forEach((d, k) => {
            dims[d] = levelCrd[k] as number;
          });
          coordinates.push(dims);
          values.push(this.values[p] as number);
          continue;
        }
        this.visitLevel(l, p, levelCrd, visit);
      }
    };
    visit(0, 0, 1);
    return { coordinates, values };
  }

  /** The tensor as a dense row-major array of its dtype. */
  toDense(): ValueArray {
    const size = this.shape.reduce((a, b) => a * b, 1);
    const out = valueArrayOf(this.dtype, new Array<number>(size).fill(0));
    const strides = rowMajorStrides(this.shape);
    const { coordinates, values } = this.toCoordinates();
    coordinates.forEach((c, k) => {
      out[c.reduce((acc, x, d) => acc + x * (strides[d] as number), 0)] = values[k] as number;
    });
    return out;
  }

  /** Expands parent position `p` at level `l` into child positions, recording coordinates. */
  private visitLevel(
    l: number,
    p: number,
    levelCrd: number[],
    visit: (l: number, lo: number, hi: number) => void,
  ): void {
    const lt = this.format.levels[l];
    const crd = this.coordinates[l];
    if (lt === 'dense') {
      const size = this.levelSizes[l] as number;
      for (let c = 0; c < size; c++) {
        levelCrd[l] = c;
        visit(l + 1, p * size + c, p * size + c + 1);
      }
    } else if (lt !== undefined && isCompressed(lt)) {
      const pos = this.positions[l] as IndexArray;
      for (let q = readIndex(pos, p); q < readIndex(pos, p + 1); q++) {
        levelCrd[l] = readIndex(crd as IndexArray, q);
        visit(l + 1, q, q + 1);
      }
    } else {
      levelCrd[l] = readIndex(crd as IndexArray, p);
      visit(l + 1, p, p + 1);
    }
  }
}

function checkShape(shape: readonly number[]): void {
  if (shape.length === 0 || shape.some((d) => !Number.isInteger(d) || d < 0)) {
    throw new SparseFormatError(
      'shape',
      `must be a non-empty list of non-negative integers, got [${shape.join(', ')}]`,
    );
  }
}

function inferDType(data: ArrayLike<StoredValue>): ValueDType {
  if (data instanceof Float64Array) return 'float64';
  if (data instanceof Int32Array) return 'int32';
  if (data instanceof BigInt64Array) return 'int64';
  return 'float32';
}

/** `options.dtype`, checked to be a {@link ValueDType} (`undefined` when not given). */
function dtypeOption(options: SparseTensorOptions): ValueDType | undefined {
  if (options === null || typeof options !== 'object') return undefined;
  return options.dtype === undefined ? undefined : checkDType(options.dtype, 'options.dtype');
}

function inferWidths(storage: SparseStorage): WidthOptions {
  const pos = storage.positions.find((a) => a !== undefined);
  const crd = storage.coordinates.find((a) => a !== undefined);
  return {
    ...(pos === undefined ? {} : { posWidth: widthOf(pos) }),
    ...(crd === undefined ? {} : { crdWidth: widthOf(crd) }),
  };
}

function toTypedStorage(
  plain: PlainStorage,
  format: SparseFormat,
  dtype: ValueDType,
): SparseStorage {
  return {
    positions: plain.positions.map((p, l) =>
      p === undefined ? undefined : indexArrayOf(format.posWidth, p, `positions[${l}]`),
    ),
    coordinates: plain.coordinates.map((c, l) =>
      c === undefined ? undefined : indexArrayOf(format.crdWidth, c, `coordinates[${l}]`),
    ),
    values: valueArrayOf(dtype, plain.values),
  };
}
