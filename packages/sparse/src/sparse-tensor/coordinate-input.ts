/**
 * Coordinates as callers hold them, checked and staged one array per dimension (what the
 * sort and packing read): a list of coordinate tuples, a flat row-major `[nnz, rank]` array
 * (TensorFlow's `indices`, flattened: a typed array or a list of numbers or bigints), or one
 * array per dimension (scipy's `row`/`col`). Each coordinate must be an integer inside its
 * dimension; the first that is not is a {@link SparseStorageError} naming the argument and
 * the entry.
 */
import { textOf } from '../sparse-error.js';
import { SparseStorageError } from './errors.js';
import { describeValue } from './storage-arrays.js';

/**
 * Coordinates staged per dimension, and how many entries there are: 32-bit integers where the
 * dimension is at most 2^31 (what the row-form builder and the common widths take without a
 * conversion), doubles where it is larger (up to 2^53).
 */
export interface StagedCoordinates {
  readonly coordinates: (Float64Array | Int32Array)[];
  readonly count: number;
}

/** The largest dimension whose coordinates are staged as 32-bit integers. */
const INT32_STAGED = 2 ** 31;

/** An array for `count` coordinates of a dimension of `size`. */
function stagingArray(size: number, count: number): Float64Array | Int32Array {
  return size <= INT32_STAGED ? new Int32Array(count) : new Float64Array(count);
}

/**
 * Coordinates given as a list of tuples (`[[i, j], …]`) or as a flat row-major array of
 * `nnz * rank` integers, staged per dimension. `argument` names them in errors.
 */
export function stagedCoordinates(
  given: unknown,
  shape: readonly number[],
  argument: string,
): StagedCoordinates {
  if (Array.isArray(given) && given.length > 0 && !isScalar(given[0])) {
    return stagedTuples(given, shape, argument);
  }
  if (!Array.isArray(given) && !isNumericView(given)) {
    throw new SparseStorageError(
      argument,
      `expected a list of coordinate tuples or a flat [nnz * rank] array of integers, got ${describeValue(given)}`,
    );
  }
  const flat = given as ArrayLike<unknown>;
  const rank = shape.length;
  if (flat.length % rank !== 0) {
    throw new SparseStorageError(
      argument,
      `a flat array of coordinates holds nnz * rank (rank ${rank}) integers, got ${flat.length}`,
    );
  }
  const count = flat.length / rank;
  // A typed array of numbers is read as it is; lists and bigints are converted first.
  const numbers = isNumberView(flat) ? flat : numbersIn(flat, argument, rank);
  const coordinates = shape.map((size) => stagingArray(size, count));
  for (let d = 0; d < rank; d++) {
    const into = coordinates[d] as Float64Array | Int32Array;
    const bad = stageDimension(numbers, rank, d, shape[d] as number, into);
    if (bad >= 0) throw outside(argument, numbers[bad], bad, rank, shape);
  }
  return { coordinates, count };
}

/**
 * Dimension `d`'s coordinates of a flat row-major array of `rank` per entry, into `into`;
 * the index in `numbers` of the first that is no integer inside `size`, else -1.
 */
function stageDimension(
  numbers: ArrayLike<number>,
  rank: number,
  d: number,
  size: number,
  into: Float64Array | Int32Array,
): number {
  for (let k = 0, at = d; k < into.length; k++, at += rank) {
    const x = numbers[at] as number;
    // NaN fails the first test; the floor test rejects fractions and infinities.
    if (!(x >= 0 && x < size && Math.floor(x) === x)) return at;
    into[k] = x;
  }
  return -1;
}

/**
 * Coordinates given as one array per dimension (scipy's `row` and `col`), each a typed array
 * or a list of integers of one length; `names[d]` names dimension `d`'s array in errors.
 */
export function stagedDimensions(
  given: readonly unknown[],
  shape: readonly number[],
  names: readonly string[],
): StagedCoordinates {
  let count = 0;
  const coordinates = shape.map((_, d) => {
    const array = given[d];
    const name = names[d] as string;
    if (!Array.isArray(array) && !isNumericView(array)) {
      throw new SparseStorageError(
        name,
        `expected an array or a typed array of integers, got ${describeValue(array)}`,
      );
    }
    const list = array as ArrayLike<unknown>;
    if (d === 0) count = list.length;
    else if (list.length !== count) {
      throw new SparseStorageError(
        name,
        `expected ${count} coordinates (as many as ${names[0]}), got ${list.length}`,
      );
    }
    const into = numbersIn(list, name, 1);
    checkInside(into, shape, d, name, 1);
    return into;
  });
  return { coordinates, count };
}

function isScalar(x: unknown): boolean {
  return typeof x === 'number' || typeof x === 'bigint';
}

/** A typed array (of numbers or bigints; not a `DataView`). */
function isNumericView(x: unknown): x is ArrayLike<number | bigint> {
  return ArrayBuffer.isView(x) && !(x instanceof DataView);
}

function isNumberView(x: unknown): x is ArrayLike<number> {
  return isNumericView(x) && !(x instanceof BigInt64Array) && !(x instanceof BigUint64Array);
}

/**
 * `given` as a fresh `Float64Array` of its numbers: typed arrays of numbers in one native
 * copy, bigints converted where they are safe integers, a list's entries checked to be
 * numbers. An entry that is no number is named by its entry (`index / perEntry`).
 */
export function numbersIn(
  given: ArrayLike<unknown>,
  argument: string,
  perEntry: number,
): Float64Array {
  const n = given.length;
  const out = new Float64Array(n);
  if (ArrayBuffer.isView(given)) {
    if (given instanceof BigInt64Array || given instanceof BigUint64Array) {
      for (let i = 0; i < n; i++) {
        const x = given[i] as bigint;
        if (x > BigInt(Number.MAX_SAFE_INTEGER)) throw outside(argument, x, i, perEntry);
        out[i] = Number(x);
      }
    } else {
      out.set(given as unknown as ArrayLike<number>);
    }
    return out;
  }
  for (let i = 0; i < n; i++) {
    const x = given[i];
    if (typeof x === 'number') out[i] = x;
    else if (typeof x === 'bigint' && x >= 0n && x <= BigInt(Number.MAX_SAFE_INTEGER)) {
      out[i] = Number(x);
    } else throw outside(argument, x, i, perEntry);
  }
  return out;
}

/** Every coordinate of dimension `d` is an integer from 0 to below `shape[d]`. */
function checkInside(
  coordinates: Float64Array,
  shape: readonly number[],
  d: number,
  argument: string,
  perEntry: number,
): void {
  const size = shape[d] as number;
  for (let k = 0; k < coordinates.length; k++) {
    const x = coordinates[k] as number;
    // NaN fails the first test; the floor test rejects fractions and infinities.
    if (!(x >= 0 && x < size && Math.floor(x) === x)) {
      throw outside(argument, x, k * perEntry + d, perEntry, shape);
    }
  }
}

function outside(
  argument: string,
  x: unknown,
  index: number,
  perEntry: number,
  shape?: readonly number[],
): SparseStorageError {
  const entry = Math.floor(index / perEntry);
  const where = perEntry > 1 ? ` (dimension ${index % perEntry} of entry ${entry})` : '';
  const problem =
    shape === undefined
      ? `${describeValue(x)}${where} is not an integer coordinate`
      : `${describeValue(x)}${where} is not inside shape [${shape.join(', ')}]`;
  return new SparseStorageError(argument, problem, entry);
}

/** Tuples `[[i, j, …], …]`, each of `rank` integers inside the shape. */
function stagedTuples(
  tuples: readonly unknown[],
  shape: readonly number[],
  argument: string,
): StagedCoordinates {
  const rank = shape.length;
  const count = tuples.length;
  const coordinates = shape.map((size) => stagingArray(size, count));
  const [rows, cols] = coordinates;
  if (rank === 2 && rows instanceof Int32Array && cols instanceof Int32Array) {
    stagedPairs(tuples, shape, rows, cols, argument);
    return { coordinates, count };
  }
  for (let k = 0; k < count; k++) {
    const tuple = tuples[k];
    if (!Array.isArray(tuple) || tuple.length !== rank) throw notInside(argument, tuple, shape, k);
    for (let d = 0; d < rank; d++) {
      const x: unknown = tuple[d];
      if (typeof x !== 'number' || !(x >= 0 && x < (shape[d] as number) && Math.floor(x) === x)) {
        throw notInside(argument, tuple, shape, k);
      }
      (coordinates[d] as Float64Array | Int32Array)[k] = x;
    }
  }
  return { coordinates, count };
}

/**
 * Matrix coordinates below 2^31, the common case, read in one loop without the
 * per-dimension lookups of the general one (reading the tuples is most of the time a
 * `fromCoordinates` of tuples takes).
 */
function stagedPairs(
  tuples: readonly unknown[],
  shape: readonly number[],
  rows: Int32Array,
  cols: Int32Array,
  argument: string,
): void {
  const m = shape[0] as number;
  const n = shape[1] as number;
  for (let k = 0; k < rows.length; k++) {
    const tuple = tuples[k];
    if (!Array.isArray(tuple) || tuple.length !== 2) throw notInside(argument, tuple, shape, k);
    const i: unknown = tuple[0];
    const j: unknown = tuple[1];
    // `x | 0` is x only for a 32-bit integer: NaN, fractions and infinities fail it.
    if (
      typeof i !== 'number' ||
      typeof j !== 'number' ||
      (i | 0) !== i ||
      (j | 0) !== j ||
      i < 0 ||
      j < 0 ||
      i >= m ||
      j >= n
    ) {
      throw notInside(argument, tuple, shape, k);
    }
    rows[k] = i;
    cols[k] = j;
  }
}

function notInside(
  argument: string,
  tuple: unknown,
  shape: readonly number[],
  k: number,
): SparseStorageError {
  const shown = Array.isArray(tuple) ? textOf(tuple) : describeValue(tuple);
  return new SparseStorageError(argument, `${shown} is not inside shape [${shape.join(', ')}]`, k);
}
