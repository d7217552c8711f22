/**
 * Where faster loops for the two scatters of conversion plug in (row-form-build.ts): the
 * transposition of a large matrix, and the build of a matrix's rows from entries in any order.
 * The package's main entry installs the ones on WebAssembly (wasm-conversions.ts), so that only
 * apps that handle host sparse tensors (which they import from that entry) bundle them; the
 * ready-made tfjs ops, which bundle the tensor class without converting its storage, do not.
 * Without them, or where one declines a call, conversion scatters in JavaScript, with the same
 * result bit for bit.
 */
import type { ValueArray } from './storage-arrays.js';

/** A matrix in pointers form: row pointers, each row's columns, their values. */
export interface TransposedRows {
  readonly pointers: Uint32Array;
  readonly columns: Uint32Array;
  readonly values: ValueArray;
}

/**
 * Rows built from entries: columns increasing within each row, entries with equal coordinates
 * next to each other in the order given (not yet summed).
 */
export interface BuiltRows extends TransposedRows {
  /** How many entries repeat the coordinates of the entry before them. */
  readonly repeats: number;
  /** Where each of those entries stands, in any order, when the build listed them all. */
  readonly repeatPlaces?: Int32Array;
}

/**
 * Transposes rows in pointers form (`pointers`, `columns`: 32-bit, `values`) of a matrix with
 * `colCount` columns, or returns undefined to leave the call to JavaScript. `unchanging` says
 * the three arrays view a tensor's storage, whose bytes never change (so a transposition may
 * keep a copy of them for the next call); scratch arrays that are written again are not.
 */
export type Transposition = (
  pointers: Int32Array,
  columns: Int32Array,
  values: ValueArray,
  colCount: number,
  unchanging?: boolean,
) => TransposedRows | undefined;

/**
 * Builds the rows of a `rowCount` x `colCount` matrix from its entries (`rows[e]`, `cols[e]`,
 * `values[e]`, any order, repeats allowed), or returns undefined to leave the call to
 * JavaScript. The arrays are only read.
 */
export type RowBuild = (
  rows: Int32Array,
  cols: Int32Array,
  values: ValueArray,
  rowCount: number,
  colCount: number,
) => BuiltRows | undefined;

/** The faster scatters conversion tries first. */
export interface ConversionAccelerator {
  readonly transposition: Transposition;
  readonly rowBuild: RowBuild;
}

let installed: ConversionAccelerator | undefined;

/** Makes `accelerator` the one conversion tries first (the last installed wins). */
export function installConversionAccelerator(accelerator: ConversionAccelerator): void {
  installed = accelerator;
}

/** The installed transposition's result, or undefined where none is installed or it declines. */
export function acceleratedTransposition(
  pointers: Int32Array,
  columns: Int32Array,
  values: ValueArray,
  colCount: number,
  unchanging: boolean,
): TransposedRows | undefined {
  return installed?.transposition(pointers, columns, values, colCount, unchanging);
}

/** The installed row build's result, or undefined where none is installed or it declines. */
export function acceleratedRowBuild(
  rows: Int32Array,
  cols: Int32Array,
  values: ValueArray,
  rowCount: number,
  colCount: number,
): BuiltRows | undefined {
  return installed?.rowBuild(rows, cols, values, rowCount, colCount);
}
