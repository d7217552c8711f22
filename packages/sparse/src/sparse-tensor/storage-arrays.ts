/**
 * Typed arrays for positions, coordinates and values. Positions and coordinates are unsigned,
 * as MLIR reads them (`arith.extui` before `arith.index_cast`); `'index'` storage is the
 * 64-bit signed `index` type.
 */
import { SparseFormatError, SparseStorageError } from './errors.js';
import type { StorageWidth } from './format.js';

/** An array of positions or coordinates at one of the supported widths. */
export type IndexArray = Uint8Array | Uint16Array | Uint32Array | BigUint64Array | BigInt64Array;

/** Element types of stored values (tfjs dtypes plus float64 and int64). */
export type ValueDType = 'float32' | 'float64' | 'int32' | 'int64';

/** Every {@link ValueDType}, for validation. */
export const VALUE_DTYPES: readonly ValueDType[] = ['float32', 'float64', 'int32', 'int64'];

/** A values array of one of the {@link ValueDType}s (`BigInt64Array` for int64). */
export type ValueArray = Float32Array | Float64Array | Int32Array | BigInt64Array;

/** One stored value as given: a number, or a bigint for int64. */
export type StoredValue = number | bigint;

/** Checks `dtype` is a {@link ValueDType}; `argument` names it in the error. */
export function checkDType(dtype: unknown, argument: string): ValueDType {
  if (typeof dtype === 'string' && (VALUE_DTYPES as readonly string[]).includes(dtype)) {
    return dtype as ValueDType;
  }
  throw new SparseFormatError(
    argument,
    `must be one of ${VALUE_DTYPES.join(', ')}, got ${typeof dtype === 'string' ? `'${dtype}'` : String(dtype)}`,
  );
}

/** Largest position or coordinate representable at `width` (capped at 2^53 - 1 for 64 bits). */
export function maxIndexFor(width: StorageWidth): number {
  if (width === 8 || width === 16 || width === 32) return 2 ** width - 1;
  return Number.MAX_SAFE_INTEGER;
}

/**
 * Allocates an index array of `width` holding `entries`, after checking every entry fits.
 * `argument` names the array in errors (e.g. `'positions[1]'`).
 */
export function indexArrayOf(
  width: StorageWidth,
  entries: readonly number[],
  argument: string,
): IndexArray {
  const max = maxIndexFor(width);
  const bad = entries.findIndex((e) => e > max);
  if (bad >= 0) {
    throw new SparseStorageError(
      argument,
      `${entries[bad]} does not fit a ${width === 'index' ? 'index' : `${width}-bit`} array (max ${max})`,
      bad,
    );
  }
  switch (width) {
    case 8:
      return Uint8Array.from(entries);
    case 16:
      return Uint16Array.from(entries);
    case 32:
      return Uint32Array.from(entries);
    case 64:
      return BigUint64Array.from(entries, BigInt);
    case 'index':
      return BigInt64Array.from(entries, BigInt);
  }
}

/** Reads entry `i` of an index array as a number. */
export function readIndex(array: IndexArray, i: number): number {
  return Number(array[i]);
}

/** The width an index array was allocated for. */
export function widthOf(array: IndexArray): StorageWidth {
  if (array instanceof Uint8Array) return 8;
  if (array instanceof Uint16Array) return 16;
  if (array instanceof Uint32Array) return 32;
  if (array instanceof BigUint64Array) return 64;
  return 'index';
}

/**
 * Allocates a values array of `dtype` from plain values; int64 needs whole numbers (or
 * bigints), the other dtypes numbers.
 */
export function valueArrayOf(dtype: ValueDType, values: ArrayLike<StoredValue>): ValueArray {
  const numbers = (): number[] => Array.from(values, (v) => Number(v));
  switch (dtype) {
    case 'float32':
      return Float32Array.from(numbers());
    case 'float64':
      return Float64Array.from(numbers());
    case 'int32':
      return Int32Array.from(numbers());
    case 'int64':
      return BigInt64Array.from(Array.from(values), (v, k) => {
        if (typeof v === 'bigint') return v;
        if (!Number.isSafeInteger(v)) {
          throw new SparseStorageError(
            'values',
            `${v} is not an integer that int64 stores exactly`,
            k,
          );
        }
        return BigInt(v);
      });
  }
}

/** The dtype of a values array. */
export function dtypeOf(values: ValueArray): ValueDType {
  if (values instanceof Float32Array) return 'float32';
  if (values instanceof Float64Array) return 'float64';
  if (values instanceof BigInt64Array) return 'int64';
  return 'int32';
}
