/**
 * Where a faster transposition of large matrices plugs into conversion (row-form-build.ts):
 * the package's main entry installs the one on WebAssembly (wasm-transposition.ts), so that
 * only apps that handle host sparse tensors (which they import from that entry) bundle it; the
 * ready-made tfjs ops, which bundle the tensor class without converting its storage, do not.
 * Without one, or where it declines a call, conversion transposes in JavaScript, with the same
 * result bit for bit.
 */
import type { ValueArray } from './storage-arrays.js';

/** A transposed matrix in pointers form: column pointers, each column's rows, their values. */
export interface TransposedRows {
  readonly pointers: Uint32Array;
  readonly columns: Uint32Array;
  readonly values: ValueArray;
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

let installed: Transposition | undefined;

/** Makes `transposition` the one conversion tries first (the last installed wins). */
export function installTransposition(transposition: Transposition): void {
  installed = transposition;
}

/** The installed transposition's result, or undefined where none is installed or it declines. */
export function acceleratedTransposition(
  pointers: Int32Array,
  columns: Int32Array,
  values: ValueArray,
  colCount: number,
  unchanging: boolean,
): TransposedRows | undefined {
  return installed?.(pointers, columns, values, colCount, unchanging);
}
