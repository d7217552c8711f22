/** Sparse tensors in MLIR's level storage scheme (see {@link SparseTensor}). */
export { MAX_STORAGE_LENGTH } from './convert.js';
export { SparseFormatError, SparseStorageError } from './errors.js';
export {
  blockSparseFormat,
  DEFAULT_STORAGE_WIDTH,
  defaultFormat,
  type FormatName,
  type FormatSpec,
  formatFromMap,
  hasCoordinates,
  isCompressed,
  isSingleton,
  isUnique,
  type LevelExpression,
  type LevelType,
  type NamedFormat,
  resolveFormat,
  type SparseFormat,
  type StorageWidth,
  structuredFormat,
  type WidthOptions,
} from './format.js';
export { levelMapText } from './level-map.js';
export type {
  NumberList,
  ScipyCoo,
  ScipyCsr,
  SparseSource,
  SparseTriple,
} from './source-forms.js';
export { SparseTensor, type SparseTensorOptions } from './sparse-tensor.js';
export {
  type IndexArray,
  indexArrayOf,
  maxIndexFor,
  readIndex,
  type ValueArray,
  type ValueDType,
  valueArrayOf,
  widthOf,
} from './storage-arrays.js';
export { type SparseStorage, validateStorage } from './validate.js';
