/**
 * `SparseTensor`: a tensor stored level by level in MLIR's sparse storage scheme (positions,
 * coordinates and values arrays), built from dense data or coordinate lists and converted
 * back. Instances are immutable; the arrays they hold are never the caller's and must not be
 * written to, so tensors converted or transposed from one another may share them. The class
 * holds what every holder of a tensor needs (wrapping storage, its checks, reading entries);
 * its constructors and conversions call the work the package's entries install
 * (construction-hook.ts), so that an op given a tensor does not bundle them.
 */
import { rowMajorStrides } from '@tilekit/errors';
import { construction } from './construction-hook.js';
import {
  checkShape,
  namedWidths,
  type SparseTensorOptions,
  widthOfFirst,
  widthOptions,
} from './constructor-options.js';
import {
  defaultFormat,
  type FormatSpec,
  levelOf,
  levelSizesOf,
  resolveFormat,
  type SparseFormat,
  type WidthOptions,
} from './format.js';
import { checkLength } from './pack.js';
import type { SparseSource } from './source-forms.js';
import {
  dtypeOf,
  type IndexArray,
  numbersOf,
  type StoredValue,
  type ValueArray,
  type ValueDType,
} from './storage-arrays.js';
import { checkStorage, checkStorageKinds, type SparseStorage } from './validate.js';

export type { SparseTensorOptions } from './constructor-options.js';

/** The key only this module holds: storage under it is wrapped as it is. */
const BUILD: unique symbol = Symbol('SparseTensor');

/** What the constructor wraps without checking (storage this module built). */
interface BuiltTensor {
  readonly shape: readonly number[];
  readonly format: SparseFormat;
  readonly storage: SparseStorage;
}

/** A tensor of storage this module built (canonical for `format`, owned by nobody else). */
function wrap(
  shape: readonly number[],
  format: SparseFormat,
  storage: SparseStorage,
): SparseTensor {
  return new SparseTensor({ [BUILD]: { shape, format, storage } } as unknown as SparseSource);
}

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
  return wrap(shape, format, storage);
}

/** A tensor in sparse level storage. */
export class SparseTensor {
  // The fields are declared, and set by the constructor: a field defined in the class body
  // becomes one helper call per field in apps built for Vite's default browser targets.
  /** Dimension sizes, in dimension order. */
  declare readonly shape: readonly number[];
  declare readonly format: SparseFormat;
  /** Per level: the positions array of compressed levels, else `undefined`. */
  declare readonly positions: readonly (IndexArray | undefined)[];
  /** Per level: the coordinates array of non-dense levels, else `undefined`. */
  declare readonly coordinates: readonly (IndexArray | undefined)[];
  /** Stored values, one per position of the last level. */
  declare readonly values: ValueArray;

  /**
   * Reads a sparse tensor handed over by another library — TensorFlow's triple
   * `{indices, values, denseShape}` (indices `[nnz, rank]`, nested or flat), scipy's COO
   * arrays `{row, col, data, shape}` or CSR arrays `{indptr, indices, data, shape}` — into
   * `format` (by default `'CSR'` for a matrix, `'sparse-vector'` for rank 1, `'COO'` above:
   * see {@link defaultFormat}). The same as {@link SparseTensor.from}.
   */
  constructor(source: SparseSource, format?: FormatSpec, options?: SparseTensorOptions) {
    const built =
      typeof source === 'object' && source !== null
        ? (source as { [BUILD]?: BuiltTensor })[BUILD]
        : undefined;
    const {
      shape,
      format: resolved,
      storage,
    } = built ?? construction('from').ofSource(source, format, options);
    this.shape = Object.freeze([...shape]);
    this.format = resolved;
    this.positions = Object.freeze([...storage.positions]);
    this.coordinates = Object.freeze([...storage.coordinates]);
    this.values = storage.values;
    Object.freeze(this);
  }

  /**
   * Reads a sparse tensor handed over by another library: TensorFlow's `SparseTensor` triple
   * `{indices, values, denseShape}`, scipy's `{row, col, data, shape}` (COO) or
   * `{indptr, indices, data, shape}` (CSR). Arrays are typed arrays or lists (bigints where
   * the other library keeps int64); coordinates in any order, duplicates summed. Stored in
   * `format`, by default {@link defaultFormat} of the rank (`'CSR'` for a matrix).
   */
  static from(
    source: SparseSource,
    format?: FormatSpec,
    options: SparseTensorOptions = {},
  ): SparseTensor {
    const {
      shape,
      format: resolved,
      storage,
    } = construction('from').ofSource(source, format, options);
    return wrap(shape, resolved, storage);
  }

  /**
   * Stores the non-zero elements of row-major `data` (a typed array or number list) of the
   * given shape in `format` (by default {@link defaultFormat} of the rank). Zeros are dropped
   * except where a dense level keeps them.
   */
  static fromDense(
    data: ArrayLike<number> | BigInt64Array,
    shape: readonly number[],
    format: FormatSpec = defaultFormat(Array.isArray(shape) ? shape.length : 0),
    options: SparseTensorOptions = {},
  ): SparseTensor {
    const built = construction('fromDense').ofDense(data, shape, format, options);
    return wrap(shape, built.format, built.storage);
  }

  /**
   * Stores the elements `values[k]` at the `k`-th coordinates (dimension order, any order) in
   * `format` (by default {@link defaultFormat} of the rank: `'CSR'` for a matrix).
   * `coordinates` is a list of tuples (`[[i, j], …]`) or a flat row-major array of
   * `nnz * rank` integers (TensorFlow's `indices`, flattened: e.g. an `Int32Array`, the fast
   * way in). Values given at the same coordinates are summed (scipy's `tocsr`, torch's
   * `coalesce`); a zero given is stored. Linear in `nnz` plus the level sizes.
   */
  static fromCoordinates(
    coordinates: readonly (readonly number[])[] | ArrayLike<number> | ArrayLike<bigint>,
    values: ArrayLike<StoredValue>,
    shape: readonly number[],
    format?: FormatSpec,
    options: SparseTensorOptions = {},
  ): SparseTensor {
    const built = construction('fromCoordinates').ofCoordinates(
      coordinates,
      values,
      shape,
      format,
      options,
    );
    return wrap(shape, built.format, built.storage);
  }

  /**
   * Wraps existing storage arrays (copied) after validating them against `format`: positions
   * and coordinates unsigned index arrays of the format's widths (`BigInt64Array` for
   * `'index'`, no negative entry), values a `Float32Array`, `Float64Array`, `Int32Array` or
   * `BigInt64Array`, positions non-decreasing from 0, coordinates inside the level sizes,
   * lengths that agree; throws {@link SparseStorageError} naming the array and position.
   * Coordinates out of order within a segment are sorted and repeated ones summed, as
   * {@link SparseTensor.fromCoordinates} does.
   */
  static fromStorage(
    shape: readonly number[],
    format: FormatSpec,
    storage: SparseStorage,
  ): SparseTensor {
    checkShape(shape);
    checkStorageKinds(storage);
    // Widths named by the format win (so a mismatch is reported); otherwise the arrays decide.
    const named = namedWidths(format);
    const resolved = resolveFormat(format, shape.length, {
      posWidth: named.posWidth ?? widthOfFirst(storage.positions),
      crdWidth: named.crdWidth ?? widthOfFirst(storage.coordinates),
    } as WidthOptions);
    const levelSizes = levelSizesOf(shape, resolved);
    const { canonical } = checkStorage(storage, resolved, levelSizes);
    const copy: SparseStorage = {
      positions: storage.positions.map((a) => a?.slice()),
      coordinates: storage.coordinates.map((a) => a?.slice()),
      values: storage.values.slice(),
    };
    if (canonical) return wrap(shape, resolved, copy);
    // Walked from the root, segment by segment: the gaps between loose segments hold no entry.
    const walked = wrap(shape, resolved, copy).walkEntries();
    const count = walked.values.length;
    const entries = {
      coordinates: shape.map((_, d) =>
        Float64Array.from(walked.coordinates, (t) => t[d] as number),
      ),
      values: gatherStored(copy.values, walked.positions),
      count,
    };
    return wrap(shape, resolved, construction('fromStorage').ofEntries(entries, shape, resolved));
  }

  /**
   * The same tensor in another format: any level types, level order (`CSR` to `CSC`, a CSF
   * tensor to another mode order) and widths. Widths come from `options`, else from
   * `format`, else from this tensor. Every stored value is kept, stored zeros included (as
   * scipy's `tocsr`/`tocsc` keep explicit zeros; {@link SparseTensor.withoutZeros} drops
   * them). Linear in `nnz` plus the level sizes (see convert.ts).
   */
  convert(format: FormatSpec, options: WidthOptions = {}): SparseTensor {
    const named = namedWidths(format);
    const given = widthOptions(options);
    const resolved = resolveFormat(format, this.rank, {
      posWidth: given.posWidth ?? named.posWidth ?? this.format.posWidth,
      crdWidth: given.crdWidth ?? named.crdWidth ?? this.format.crdWidth,
    });
    return wrap(this.shape, resolved, construction('convert').converted(this, resolved));
  }

  /**
   * This tensor without its stored zeros (scipy's `eliminate_zeros`), in the same format:
   * where a dense level keeps every coordinate, its zeros stay.
   */
  withoutZeros(): SparseTensor {
    const built = construction('withoutZeros');
    const entries = built.nonzero(built.entries(this));
    return wrap(this.shape, this.format, built.ofEntries(entries, this.shape, this.format));
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

  /** Level sizes: `shape[order[l]]` (`shape[d] / k` and `k` for a blocked dimension). */
  get levelSizes(): readonly number[] {
    return levelSizesOf(this.shape, this.format);
  }

  /** The stored elements as dimension-order coordinates and values, in storage order. */
  toCoordinates(): { coordinates: number[][]; values: number[] } {
    const { coordinates, values } = this.walkEntries();
    return { coordinates, values };
  }

  /** Every stored entry reached from the root: coordinates, value and value position. */
  private walkEntries(): { coordinates: number[][]; values: number[]; positions: number[] } {
    const coordinates: number[][] = [];
    const values: number[] = [];
    const stored: number[] = [];
    const rank = this.format.levels.length;
    const expressions = this.format.expressions;
    const levelCrd: number[] = new Array<number>(rank).fill(0);
    const positions = this.positions.map((p) => (p === undefined ? undefined : numbersOf(p)));
    const visit = (l: number, lo: number, hi: number): void => {
      // [lo, hi) is a range of positions at level l - 1's children; a dense level expands it.
      for (let p = lo; p < hi; p++) {
        if (l === rank) {
          const dims = new Array<number>(this.rank).fill(0);
          this.format.order.forEach((d, k) => {
            const e = expressions?.[k];
            const scale = e !== undefined && e.op === 'floordiv' ? e.by : 1;
            dims[d] = (dims[d] as number) + (levelCrd[k] as number) * scale;
          });
          coordinates.push(dims);
          values.push(this.values[p] as number);
          stored.push(p);
          continue;
        }
        this.visitLevel(l, p, positions[l], levelCrd, visit);
      }
    };
    visit(0, 0, 1);
    return { coordinates, values, positions: stored };
  }

  /**
   * The tensor as a dense row-major array of its dtype; a shape of more than 2^31 - 1
   * elements is a {@link SparseStorageError} (nothing is allocated).
   */
  toDense(): ValueArray {
    const size = this.shape.reduce((a, b) => a * b, 1);
    checkLength('shape', `a dense array of ${size} elements`, size);
    const out = new (this.values.constructor as new (n: number) => ValueArray)(size);
    // An empty shape may still have an extent of 2^53, past what strides are computed for.
    if (size === 0) return out;
    const strides = rowMajorStrides(this.shape);
    const { coordinates, values, count } = construction('toDense').entries(this);
    for (let e = 0; e < count; e++) {
      let at = 0;
      for (let d = 0; d < this.rank; d++) {
        at += ((coordinates[d] as Float64Array)[e] as number) * (strides[d] as number);
      }
      out[at] = values[e] as number;
    }
    return out;
  }

  /**
   * The stored entries as TensorFlow's `SparseTensor` triple: `indices` (`[nnz, rank]`
   * coordinate tuples in row-major order, as `tf.sparse.reorder` leaves them), `values` (a
   * copy, of this tensor's dtype) and `denseShape`. What `SparseTensor.from` and
   * `tf.SparseTensor` take back. Stored zeros (and a dense level's fill) are entries too.
   */
  toTriple(): { indices: number[][]; values: ValueArray; denseShape: number[] } {
    const rank = this.rank;
    const rowMajor = this.format.order.every((d, l) => d === l)
      ? this
      : this.convert(rowMajorCoo(this.shape));
    const { coordinates, values, count } = construction('toTriple').entries(rowMajor);
    const indices = new Array<number[]>(count);
    for (let e = 0; e < count; e++) {
      const tuple = new Array<number>(rank);
      for (let d = 0; d < rank; d++) tuple[d] = (coordinates[d] as Float64Array)[e] as number;
      indices[e] = tuple;
    }
    return { indices, values: values.slice(), denseShape: [...this.shape] };
  }

  /**
   * The transposed tensor: dimension `k` of the result is dimension `perm[k]` of this one
   * (`perm` defaults to the reversed dimensions, so a matrix's rows and columns swap, as
   * `tf.transpose` and numpy's `.T` do). Nothing is copied or sorted: the result reads this
   * tensor's storage in another mode order (a CSR matrix's transpose is a CSC matrix, as with
   * scipy's `.T`); `convert` it to store it in another order.
   */
  transpose(perm?: readonly number[]): SparseTensor {
    const { shape, format } = construction('transpose').transposed(this.shape, this.format, perm);
    const storage = {
      positions: this.positions,
      coordinates: this.coordinates,
      values: this.values,
    };
    return wrap(shape, format, storage);
  }

  /**
   * The same storage read as a tensor over its levels (MLIR's `sparse_tensor.reinterpret_map`):
   * shape {@link SparseTensor.levelSizes}, one dimension per level in level order, nothing
   * copied. A BSR matrix with `[r, c]` blocks becomes the 4-D tensor
   * `A4(ib, jb, ii, jj) = A(ib * r + ii, jb * c + jj)` in `['dense', 'compressed', 'dense', 'dense']`,
   * which kernels take: a dense operand indexed by `i` is the same row-major data read with
   * shape `[rows / r, r, ...]`. A level of a structured format keeps its group level, which
   * kernels do not take yet.
   */
  toLevelTensor(): SparseTensor {
    const f = this.format;
    if (f.expressions === undefined && f.order.every((d, l) => d === l)) return this;
    const format: SparseFormat = Object.freeze({
      levels: f.levels,
      order: Object.freeze(f.levels.map((_, l) => l)),
      posWidth: f.posWidth,
      crdWidth: f.crdWidth,
    });
    const storage = {
      positions: this.positions,
      coordinates: this.coordinates,
      values: this.values,
    };
    return wrap(this.levelSizes, format, storage);
  }

  /** Expands parent position `p` at level `l` into child positions, recording coordinates. */
  private visitLevel(
    l: number,
    p: number,
    pos: ArrayLike<number> | undefined,
    levelCrd: number[],
    visit: (l: number, lo: number, hi: number) => void,
  ): void {
    const level = levelOf(this.format.levels[l] as SparseFormat['levels'][number]);
    const crd = this.coordinates[l];
    const size = this.levelSizes[l] as number;
    const [lo, hi] = level.segment(pos, p, size);
    for (let q = lo; q < hi; q++) {
      levelCrd[l] = crd === undefined ? q - lo : Number(crd[q]);
      visit(l + 1, q, q + 1);
    }
  }
}

/** `values[positions[k]]` for each `k`, as the dtype's elements (an exact copy). */
function gatherStored(values: ValueArray, positions: readonly number[]): ValueArray {
  const out = new (values.constructor as new (n: number) => ValueArray)(positions.length);
  const to = out as unknown as { [i: number]: number };
  const from = values as unknown as { [i: number]: number };
  positions.forEach((p, k) => {
    to[k] = from[p] as number;
  });
  return out;
}

/** The COO format of `shape` in row-major order, its coordinates as wide as the shape needs. */
function rowMajorCoo(shape: readonly number[]): SparseFormat {
  const crdWidth = shape.every((n) => n <= 2 ** 32) ? 32 : 'index';
  return resolveFormat('COO', shape.length, { posWidth: 32, crdWidth });
}
