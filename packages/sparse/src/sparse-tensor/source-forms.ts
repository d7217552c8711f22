/**
 * The forms other libraries hand a sparse tensor over in, read into staged coordinates and
 * values: TensorFlow's `SparseTensor` triple (`indices` `[nnz, rank]`, `values`,
 * `denseShape`), and the arrays of scipy's `coo_matrix` (`row`, `col`, `data`, `shape`) and
 * `csr_matrix` (`indptr`, `indices`, `data`, `shape`). Each array may be a typed array or a
 * list (of numbers, or of bigints where the other library keeps int64); a tensor's
 * `indices` may also be nested (`[[i, j], …]`) or flat. Duplicates are summed and any order
 * is accepted, as scipy's `tocsr` does.
 */
import { textOf } from '../sparse-error.js';
import {
  numbersIn,
  type StagedCoordinates,
  stagedCoordinates,
  stagedDimensions,
} from './coordinate-input.js';
import { SparseFormatError, SparseStorageError } from './errors.js';
import { describeValue, type StoredValue } from './storage-arrays.js';

/** Numbers as another library hands them over: a typed array or a list. */
export type NumberList = ArrayLike<number> | ArrayLike<bigint>;

/** TensorFlow's `SparseTensor` (`tf.sparse.SparseTensor`) as plain arrays. */
export interface SparseTriple {
  /** `[nnz, rank]` coordinates: nested tuples, or flat row-major (`nnz * rank` integers). */
  readonly indices: readonly (readonly number[])[] | NumberList;
  /** One value per coordinate tuple. */
  readonly values: ArrayLike<StoredValue>;
  /** The dimension sizes (`rank` of them). */
  readonly denseShape: NumberList | readonly number[];
}

/** scipy's `coo_matrix` arrays: `data[k]` at `(row[k], col[k])`. */
export interface ScipyCoo {
  readonly row: NumberList;
  readonly col: NumberList;
  readonly data: ArrayLike<StoredValue>;
  readonly shape: NumberList | readonly number[];
}

/** scipy's `csr_matrix` arrays: row `r` holds `data[q]` at column `indices[q]`, `indptr[r] <= q < indptr[r + 1]`. */
export interface ScipyCsr {
  readonly indptr: NumberList;
  readonly indices: NumberList;
  readonly data: ArrayLike<StoredValue>;
  readonly shape: NumberList | readonly number[];
}

/** Any form {@link SparseTensor.from} reads. */
export type SparseSource = SparseTriple | ScipyCoo | ScipyCsr;

/** What a source holds: its shape, staged coordinates and the values as given. */
export interface SourceEntries extends StagedCoordinates {
  readonly shape: number[];
  readonly values: ArrayLike<StoredValue>;
  /** The name of the values in the source (`'values'` or `'data'`), for errors. */
  readonly valuesName: string;
}

const FORMS =
  '{indices, values, denseShape} (TensorFlow), {row, col, data, shape} (scipy COO) or {indptr, indices, data, shape} (scipy CSR)';

/** Reads any {@link SparseSource}; anything else is a typed error naming `source` or the field. */
export function entriesOfSource(source: unknown): SourceEntries {
  if (
    source === null ||
    typeof source !== 'object' ||
    Array.isArray(source) ||
    ArrayBuffer.isView(source)
  ) {
    throw new SparseStorageError('source', `expected ${FORMS}, got ${describeValue(source)}`);
  }
  const fields = source as Record<string, unknown>;
  if ('indptr' in fields) return entriesOfCsr(fields);
  if ('row' in fields || 'col' in fields) return entriesOfCoo(fields);
  if ('indices' in fields && 'denseShape' in fields) return entriesOfTriple(fields);
  throw new SparseStorageError(
    'source',
    `expected ${FORMS}, got an object with fields ${textOf(Object.keys(fields))}`,
  );
}

/** A shape handed over by another library (numbers or bigints), as non-negative integers. */
function shapeOf(given: unknown, argument: string): number[] {
  if (!Array.isArray(given) && !ArrayBuffer.isView(given)) {
    throw new SparseFormatError(
      argument,
      `expected a list of dimension sizes, got ${describeValue(given)}`,
    );
  }
  const list = Array.from(given as ArrayLike<unknown>);
  const sizes = list.map((x) =>
    typeof x === 'bigint' && x >= 0n && x <= 2n ** 53n ? Number(x) : x,
  );
  if (sizes.some((x) => typeof x !== 'number' || !Number.isInteger(x) || x < 0 || x > 2 ** 53)) {
    throw new SparseFormatError(
      argument,
      `must be a list of integers from 0 to 2^53, got ${textOf(list)}`,
    );
  }
  return sizes as number[];
}

function valuesOf(given: unknown, argument: string, count: number): ArrayLike<StoredValue> {
  if (!Array.isArray(given) && !(ArrayBuffer.isView(given) && !(given instanceof DataView))) {
    throw new SparseStorageError(
      argument,
      `expected an array or a typed array, got ${describeValue(given)}`,
    );
  }
  const values = given as ArrayLike<StoredValue>;
  if (values.length !== count) {
    throw new SparseStorageError(
      argument,
      `expected ${count} values (one per coordinate), got ${values.length}`,
    );
  }
  return values;
}

function entriesOfTriple(fields: Record<string, unknown>): SourceEntries {
  const shape = shapeOf(fields.denseShape, 'denseShape');
  if (shape.length === 0) {
    throw new SparseFormatError('denseShape', 'a sparse tensor needs at least one dimension');
  }
  const staged = stagedCoordinates(fields.indices, shape, 'indices');
  const values = valuesOf(fields.values, 'values', staged.count);
  return { ...staged, shape, values, valuesName: 'values' };
}

function matrixShape(given: unknown): number[] {
  const shape = shapeOf(given, 'shape');
  if (shape.length !== 2) {
    throw new SparseFormatError(
      'shape',
      `scipy's matrices have 2 dimensions, got ${textOf(shape)}`,
    );
  }
  return shape;
}

function entriesOfCoo(fields: Record<string, unknown>): SourceEntries {
  const shape = matrixShape(fields.shape);
  const staged = stagedDimensions([fields.row, fields.col], shape, ['row', 'col']);
  const values = valuesOf(fields.data, 'data', staged.count);
  return { ...staged, shape, values, valuesName: 'data' };
}

/**
 * CSR arrays: `indptr` of `rows + 1` non-decreasing positions from 0 to `nnz`, `indices` the
 * columns (any order within a row; repeats summed). Rows are expanded from `indptr`.
 */
function entriesOfCsr(fields: Record<string, unknown>): SourceEntries {
  const shape = matrixShape(fields.shape);
  const rows = shape[0] as number;
  const given = fields.indptr;
  if (!Array.isArray(given) && !(ArrayBuffer.isView(given) && !(given instanceof DataView))) {
    throw new SparseStorageError(
      'indptr',
      `expected an array or a typed array of positions, got ${describeValue(given)}`,
    );
  }
  const indptr = numbersIn(given as ArrayLike<unknown>, 'indptr', 1);
  if (indptr.length !== rows + 1) {
    throw new SparseStorageError(
      'indptr',
      `expected ${rows + 1} positions (rows + 1), got ${indptr.length}`,
    );
  }
  const [columns] = stagedDimensions(
    [fields.indices],
    [shape[1] as number],
    ['indices'],
  ).coordinates;
  const count = (columns as Float64Array).length;
  const row = new Float64Array(count);
  let previous = 0;
  for (let r = 0; r <= rows; r++) {
    const p = indptr[r] as number;
    let rule: string | undefined;
    if (!(p >= previous && p <= count && Math.floor(p) === p)) {
      rule = `must be non-decreasing integers from 0 to nnz (${count}, the length of indices)`;
    } else if (r === 0 && p !== 0) rule = 'must start at 0';
    else if (r === rows && p !== count) rule = `must end at nnz (${count}, the length of indices)`;
    if (rule !== undefined)
      throw new SparseStorageError('indptr', `${describeValue(p)} ${rule}`, r);
    if (r > 0) row.fill(r - 1, previous, p);
    previous = p;
  }
  const values = valuesOf(fields.data, 'data', count);
  return { coordinates: [row, columns as Float64Array], count, shape, values, valuesName: 'data' };
}
