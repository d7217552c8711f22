/**
 * Conversions between the suite's plain-number arguments and the typed arrays MLIR engines
 * usually take (64-bit integers and `index` as BigInt64Array), so adapters stay one-liners.
 */
import {
  refuse,
  requireArray,
  requireArrayLike,
  requireNumbers,
  requireObject,
  requireString,
} from '../../core/arguments.js';
import { ConformanceConfigError } from '../../errors.js';
import type { ExecArgument } from './vectorizer-impl.js';

/** Any typed array an engine may hold memref contents in. */
export type MemrefArray =
  | Float32Array
  | Float64Array
  | Int8Array
  | Int16Array
  | Int32Array
  | Uint8Array
  | BigInt64Array;

/** The element types whose contents are plain numbers, and the typed array each takes. */
const NUMBER_ARRAYS: ReadonlyMap<string, (data: readonly number[]) => MemrefArray> = new Map<
  string,
  (data: readonly number[]) => MemrefArray
>([
  ['f32', (data) => Float32Array.from(data)],
  ['f64', (data) => Float64Array.from(data)],
  ['i1', (data) => Uint8Array.from(data)],
  ['i8', (data) => Int8Array.from(data)],
  ['i16', (data) => Int16Array.from(data)],
  ['i32', (data) => Int32Array.from(data)],
]);

/**
 * A fresh typed array for an MLIR element type: `f32`/`f64` floats, `i1` bytes, `i8`..`i32`
 * signed, `i64` and `index` as BigInt64Array.
 *
 * @throws ConformanceConfigError for an element type with no typed array here.
 */
export function typedArrayFor(elementType: string, data: readonly number[]): MemrefArray {
  requireString(elementType, 'elementType');
  requireNumbers(data, 'data', 2 ** 28);
  if (elementType === 'i64' || elementType === 'index')
    return BigInt64Array.from(data, (v) => BigInt(v));
  const make = NUMBER_ARRAYS.get(elementType);
  if (make === undefined)
    throw new ConformanceConfigError('elementType', `has no typed array here: '${elementType}'`);
  return make(data);
}

/** The typed arrays for every memref argument (scalars stay numbers), ready to be mutated. */
export function argumentArrays(args: readonly ExecArgument[]): (MemrefArray | number)[] {
  requireArray(args, 'args', 2 ** 16);
  return Array.from(args, (a: unknown, n) => {
    requireObject(a, `args[${n}]`);
    if (a.kind !== 'memref') {
      if (typeof a.value !== 'number') refuse(`args[${n}].value`, 'a number', a.value);
      return a.value;
    }
    requireString(a.elementType, `args[${n}].elementType`);
    requireNumbers(a.data, `args[${n}].data`, 2 ** 28);
    return typedArrayFor(a.elementType, a.data as number[]);
  });
}

/** Numbers out of a typed array, bigint, boolean or number (results and memory read back). */
export function toNumbers(
  values: ArrayLike<number | bigint | boolean> | readonly (number | bigint | boolean)[],
): number[] {
  requireArrayLike(values, 'values', 2 ** 28);
  return Array.from(values as ArrayLike<unknown>, (v, k) => {
    if (typeof v !== 'number' && typeof v !== 'bigint' && typeof v !== 'boolean') {
      refuse(`values[${k}]`, 'a number, bigint or boolean', v);
    }
    return Number(v);
  });
}
