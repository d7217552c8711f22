/**
 * The arguments every `SparseTensor` constructor and conversion shares, read and checked in
 * one place: the shape, the options object (value dtype and index widths) and the widths a
 * format description names.
 */
import { textOf } from '../sparse-error.js';
import { SparseFormatError, SparseStorageError } from './errors.js';
import { type FormatSpec, MAX_RANK, type StorageWidth, type WidthOptions } from './format.js';
import {
  checkDType,
  describeValue,
  type IndexArray,
  isIndexArray,
  type ValueDType,
  widthOf,
} from './storage-arrays.js';

/** Options of the constructors: value dtype and position/coordinate widths. */
export interface SparseTensorOptions extends WidthOptions {
  /** Element type of the values (default: from a typed array input, else `'float32'`). */
  readonly dtype?: ValueDType;
}

/** Dimension sizes: a non-empty list of integers from 0 to 2^53. */
export function checkShape(shape: unknown): asserts shape is readonly number[] {
  if (
    !Array.isArray(shape) ||
    shape.length === 0 ||
    shape.length > MAX_RANK ||
    shape.some((d) => typeof d !== 'number' || !Number.isInteger(d) || d < 0 || d > 2 ** 53)
  ) {
    throw new SparseFormatError(
      'shape',
      `must be a non-empty list of at most ${MAX_RANK} integers from 0 to 2^53, got ${textOf(shape)}`,
    );
  }
}

/** `data`/`values` must be an array or typed array. */
export function checkArrayLike(argument: string, x: unknown): void {
  if (!Array.isArray(x) && !ArrayBuffer.isView(x)) {
    throw new SparseStorageError(
      argument,
      `expected an array or a typed array, got ${describeValue(x)}`,
    );
  }
}

/** The dtype a typed array of values implies (`'float32'` for lists). */
export function inferDType(data: unknown): ValueDType {
  if (data instanceof Float64Array) return 'float64';
  if (data instanceof Int32Array) return 'int32';
  if (data instanceof BigInt64Array) return 'int64';
  return 'float32';
}

/** The options object, checked to be one (`{}` when not given). */
function optionsOf(options: unknown): Record<string, unknown> {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') {
    throw new SparseFormatError(
      'options',
      `expected an options object, got ${describeValue(options)}`,
    );
  }
  return options as Record<string, unknown>;
}

/** `options.dtype`, checked to be a {@link ValueDType} (`undefined` when not given). */
export function dtypeOption(options: SparseTensorOptions): ValueDType | undefined {
  const dtype = optionsOf(options).dtype;
  return dtype === undefined ? undefined : checkDType(dtype, 'options.dtype');
}

/**
 * The widths of `options` (resolveFormat checks their values; one left undefined is not
 * given, as resolveFormat reads it).
 */
export function widthOptions(options: unknown): WidthOptions {
  const { posWidth, crdWidth } = optionsOf(options) as WidthOptions;
  return { posWidth, crdWidth } as WidthOptions;
}

/** The widths a format description names (none for a name or a level list). */
export function namedWidths(format: FormatSpec): WidthOptions {
  return typeof format === 'object' && format !== null && !Array.isArray(format)
    ? (format as WidthOptions)
    : {};
}

/** The width of the first array among `arrays` (`undefined` when none). */
export function widthOfFirst(
  arrays: readonly (IndexArray | undefined)[],
): StorageWidth | undefined {
  const first = arrays.find((a) => a !== undefined);
  return first !== undefined && isIndexArray(first) ? widthOf(first) : undefined;
}
