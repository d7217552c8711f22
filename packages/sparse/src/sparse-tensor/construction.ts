/**
 * The work of `SparseTensor`'s constructors and conversions, installed into the class by the
 * entries that hand out sparse tensors (see construction-hook.ts for why it is not imported by
 * the class itself): building canonical storage from another library's arrays, dense data or
 * coordinate lists, converting storage between formats, listing entries and transposing.
 */
import { rowMajorStrides } from '@tilekit/errors';
import {
  type BuiltStorage,
  installConstruction,
  type SparseTensorConstruction,
} from './construction-hook.js';
import {
  checkArrayLike,
  checkShape,
  dtypeOption,
  inferDType,
  type SparseTensorOptions,
  widthOptions,
} from './constructor-options.js';
import { convertStorage, listEntries, nonzeroEntries, storageOfEntries } from './convert.js';
import { type StagedCoordinates, stagedCoordinates } from './coordinate-input.js';
import { SparseStorageError } from './errors.js';
import { defaultFormat, type FormatSpec, installLevelMapCheck, resolveFormat } from './format.js';
import { checkLevelMap } from './level-map.js';
import { LOOSE_COMPRESSED_LEVELS } from './levels/loose-compressed.js';
import { registerConstructorLevelTypes } from './levels/registry.js';
import { structuredLevel } from './levels/structured.js';
import { entriesOfSource } from './source-forms.js';
import { type StoredValue, type ValueArray, valueArrayOf } from './storage-arrays.js';
import { transposedLayout } from './transpose.js';

/**
 * The storage of staged coordinates and their values (`valuesName` names them in errors) in
 * `format` (by default the rank's {@link defaultFormat}).
 */
function builtStorage(
  staged: StagedCoordinates,
  values: unknown,
  valuesName: string,
  shape: readonly number[],
  format: FormatSpec | undefined,
  options: SparseTensorOptions,
): BuiltStorage {
  const dtype = dtypeOption(options) ?? inferDType(values);
  const resolved = resolveFormat(
    format ?? defaultFormat(shape.length),
    shape.length,
    widthOptions(options),
  );
  checkArrayLike(valuesName, values);
  const given = values as ArrayLike<StoredValue>;
  if (staged.count !== given.length) {
    throw new SparseStorageError(
      valuesName,
      `expected ${staged.count} values (one per coordinate), got ${given.length}`,
    );
  }
  const entries = { ...staged, values: valueArrayOf(dtype, given, valuesName) };
  return { format: resolved, storage: storageOfEntries(entries, shape, resolved) };
}

const ofSource: SparseTensorConstruction['ofSource'] = (source, format, options) => {
  const entries = entriesOfSource(source);
  checkShape(entries.shape);
  const built = builtStorage(
    entries,
    entries.values,
    entries.valuesName,
    entries.shape,
    format,
    options ?? {},
  );
  return { shape: entries.shape, ...built };
};

const ofDense: SparseTensorConstruction['ofDense'] = (data, shape, format, options) => {
  checkShape(shape);
  const dtype = dtypeOption(options) ?? inferDType(data);
  const resolved = resolveFormat(format, shape.length, widthOptions(options));
  checkArrayLike('data', data);
  const size = shape.reduce((a, b) => a * b, 1);
  if (data.length !== size) {
    throw new SparseStorageError(
      'data',
      `expected ${size} elements for shape [${shape.join(', ')}], got ${data.length}`,
    );
  }
  const values = valueArrayOf(dtype, data as ArrayLike<StoredValue>, 'data');
  const zero = values instanceof BigInt64Array ? 0n : 0;
  const kept: number[] = [];
  for (let k = 0; k < size; k++) if (values[k] !== zero) kept.push(k);
  const strides = size === 0 ? shape.map(() => 0) : rowMajorStrides(shape);
  const coordinates = shape.map((n, d) =>
    Float64Array.from(kept, (k) => Math.floor(k / (strides[d] as number)) % n),
  );
  const stored = new (values.constructor as new (n: number) => ValueArray)(kept.length);
  kept.forEach((k, e) => {
    stored[e] = values[k] as number;
  });
  const entries = { coordinates, values: stored, count: kept.length };
  return { format: resolved, storage: storageOfEntries(entries, shape, resolved) };
};

const ofCoordinates: SparseTensorConstruction['ofCoordinates'] = (
  coordinates,
  values,
  shape,
  format,
  options,
) => {
  checkShape(shape);
  const staged = stagedCoordinates(coordinates, shape, 'coordinates');
  return builtStorage(staged, values, 'values', shape, format, options);
};

/** Everything the class asks of its installed construction. */
const CONSTRUCTION: SparseTensorConstruction = Object.freeze({
  ofSource,
  ofDense,
  ofCoordinates,
  ofEntries: storageOfEntries,
  converted: convertStorage,
  entries: listEntries,
  nonzero: nonzeroEntries,
  transposed: transposedLayout,
});

/**
 * Makes `SparseTensor`'s constructors and conversions work. Called by every entry that exports
 * a way to obtain a `SparseTensor` (the package's main entry, `TfSparseTensor`, the compiler
 * entry), before any tensor is built.
 */
export function installSparseTensorConstruction(): void {
  installConstruction(CONSTRUCTION);
  // The level types and block maps only tensors built here hold (see levels/registry.ts).
  registerConstructorLevelTypes(LOOSE_COMPRESSED_LEVELS, [structuredLevel]);
  installLevelMapCheck(checkLevelMap);
}
