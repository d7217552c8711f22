/**
 * Typed arrays for positions, coordinates and values. Positions and coordinates are unsigned,
 * as MLIR reads them (`arith.extui` before `arith.index_cast`); `'index'` storage is the
 * 64-bit signed `index` type.
 */
import { INT32_MAX } from '@tilekit/errors';
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
  if (![8, 16, 32, 64, 'index'].includes(width)) {
    throw new SparseFormatError(
      'width',
      `must be 8, 16, 32, 64 or 'index', got ${describeValue(width)}`,
    );
  }
  if (width === 8 || width === 16 || width === 32) return 2 ** width - 1;
  return Number.MAX_SAFE_INTEGER;
}

/**
 * Allocates an index array of `width` holding `entries`, after checking every entry is an
 * integer from 0 to the width's maximum. `argument` names the array in errors (e.g.
 * `'positions[1]'`).
 */
export function indexArrayOf(
  width: StorageWidth,
  entries: readonly number[],
  argument: string,
): IndexArray {
  const max = maxIndexFor(width);
  if (!Array.isArray(entries) && !isNumberArray(entries)) {
    throw new SparseStorageError(
      argument,
      `expected a list of numbers, got ${describeValue(entries)}`,
    );
  }
  for (let k = 0; k < entries.length; k++) {
    const e: unknown = entries[k];
    if (typeof e !== 'number' || !Number.isInteger(e) || e < 0 || e > max) {
      throw new SparseStorageError(
        argument,
        `${describeValue(e)} does not fit a ${width === 'index' ? 'index' : `${width}-bit`} array (max ${max})`,
        k,
      );
    }
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
    default:
      throw new SparseFormatError(
        'width',
        `must be 8, 16, 32, 64 or 'index', got ${describeValue(width)}`,
      );
  }
}

/** Whether `x` is one of the {@link IndexArray} types. */
export function isIndexArray(x: unknown): x is IndexArray {
  return (
    x instanceof Uint8Array ||
    x instanceof Uint16Array ||
    x instanceof Uint32Array ||
    x instanceof BigUint64Array ||
    x instanceof BigInt64Array
  );
}

/** Whether `x` is one of the {@link ValueArray} types. */
export function isValueArray(x: unknown): x is ValueArray {
  return (
    x instanceof Float32Array ||
    x instanceof Float64Array ||
    x instanceof Int32Array ||
    x instanceof BigInt64Array
  );
}

/** A typed array of numbers (not bigints, not a `DataView`). */
function isNumberArray(x: unknown): x is ArrayLike<number> {
  return (
    ArrayBuffer.isView(x) &&
    !(x instanceof DataView) &&
    !(x instanceof BigInt64Array) &&
    !(x instanceof BigUint64Array)
  );
}

/** A value as an error message shows it. */
export function describeValue(x: unknown): string {
  if (typeof x === 'string') return `the string '${x.slice(0, 40)}'`;
  if (typeof x === 'bigint') return `${x}n`;
  if (x === null) return 'null';
  if (typeof x === 'object') return (x as object).constructor?.name ?? 'an object';
  return typeof x === 'number' ? String(x) : `${typeof x} ${String(x)}`;
}

/** An index array's entries as numbers: a 64-bit array read as doubles. */
export type IndexNumbers = Uint8Array | Uint16Array | Uint32Array | Float64Array;

/** An index array's entries as numbers (the array itself unless it holds bigints). */
export function numbersOf(array: IndexArray): IndexNumbers {
  if (array instanceof BigUint64Array || array instanceof BigInt64Array) {
    return Float64Array.from(array, (x) => Number(x));
  }
  return array;
}

/** Reads entry `i` of an index array as a number. */
export function readIndex(array: IndexArray, i: number): number {
  if (!isIndexArray(array)) {
    throw new SparseStorageError('array', `expected an index array, got ${describeValue(array)}`);
  }
  if (typeof i !== 'number' || !Number.isInteger(i) || i < 0 || i >= array.length) {
    throw new SparseStorageError(
      'i',
      `must be an index into the array (length ${array.length}), got ${describeValue(i)}`,
    );
  }
  return Number(array[i]);
}

/** The width an index array was allocated for. */
export function widthOf(array: IndexArray): StorageWidth {
  if (!isIndexArray(array)) {
    throw new SparseStorageError('array', `expected an index array, got ${describeValue(array)}`);
  }
  if (array instanceof Uint8Array) return 8;
  if (array instanceof Uint16Array) return 16;
  if (array instanceof Uint32Array) return 32;
  if (array instanceof BigUint64Array) return 64;
  return 'index';
}

/**
 * Allocates a values array of `dtype` from given values, converting nothing silently: a
 * float dtype takes numbers (rounded to float32 for `'float32'`); `'int32'` integers from
 * -2^31 to 2^31 - 1; `'int64'` bigints from -2^63 to 2^63 - 1 or safe integers. Anything
 * else (a string, a fraction for an integer dtype, a bigint for a float dtype) is a
 * {@link SparseStorageError} naming `argument` and the index.
 */
export function valueArrayOf(
  dtype: ValueDType,
  values: ArrayLike<StoredValue>,
  argument = 'values',
): ValueArray {
  if (!Array.isArray(values) && !(ArrayBuffer.isView(values) && !(values instanceof DataView))) {
    throw new SparseStorageError(
      argument,
      `expected an array or a typed array, got ${describeValue(values)}`,
    );
  }
  const n = values.length;
  const bad = (k: number, wanted: string): SparseStorageError =>
    new SparseStorageError(
      argument,
      `${describeValue(values[k])} is not ${wanted} (dtype '${dtype}')`,
      k,
    );
  switch (dtype) {
    case 'float32':
    case 'float64': {
      const out = dtype === 'float32' ? new Float32Array(n) : new Float64Array(n);
      if (isNumberArray(values)) {
        out.set(values);
        return out;
      }
      for (let k = 0; k < n; k++) {
        const v = values[k];
        if (typeof v !== 'number') throw bad(k, 'a number (bigints need int64)');
        out[k] = v;
      }
      return out;
    }
    case 'int32': {
      const out = new Int32Array(n);
      for (let k = 0; k < n; k++) {
        const v = values[k];
        if (typeof v !== 'number' || !Number.isInteger(v) || v < -INT32_MAX - 1 || v > INT32_MAX) {
          throw bad(k, 'an integer from -2^31 to 2^31 - 1');
        }
        out[k] = v;
      }
      return out;
    }
    case 'int64': {
      if (values instanceof BigInt64Array) return values.slice();
      const out = new BigInt64Array(n);
      for (let k = 0; k < n; k++) {
        const v = values[k];
        if (typeof v === 'bigint' && v >= -(2n ** 63n) && v < 2n ** 63n) out[k] = v;
        else if (typeof v === 'number' && Number.isSafeInteger(v)) out[k] = BigInt(v);
        else throw bad(k, 'an integer that int64 stores exactly');
      }
      return out;
    }
    default:
      return checkDType(dtype, 'dtype') as never;
  }
}

/** The dtype of a values array. */
export function dtypeOf(values: ValueArray): ValueDType {
  if (values instanceof Float32Array) return 'float32';
  if (values instanceof Float64Array) return 'float64';
  if (values instanceof BigInt64Array) return 'int64';
  return 'int32';
}
