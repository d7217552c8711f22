/**
 * Conversion without sorting between the three matrix formats that store the same entries in
 * the same order when their level order is the same: CSR-like `[dense, compressed]`,
 * DCSR-like `[compressed, compressed]` and COO `[compressed(nonunique), singleton]`. Only the
 * outer level changes form (row pointers, the non-empty rows with their segment ends, or one
 * row coordinate per entry); the inner level's coordinates and the values are the source's.
 * Those arrays are shared with the source rather than copied wherever the target's widths
 * equal the source's, as scipy's `tocoo` shares its arrays: a `SparseTensor`'s arrays are
 * never written after it is built (the wasm engine marks them immutable).
 */
import type { SparseFormat, StorageWidth } from './format.js';
import { nonEmptyRows } from './non-empty-rows.js';
import { checkLength, indexArrayFrom } from './pack.js';
import { rowsOfEntries } from './rows-of-entries.js';
import { type IndexArray, numbersOf, widthOf } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

/** How a two-level format stores its outer (row) level. */
export type RowForm = 'pointers' | 'segments' | 'per-entry';

/** The row form of a two-level format (`undefined`: not one of the three). */
export function rowFormOf(format: SparseFormat): RowForm | undefined {
  if (format.levels.length !== 2) return undefined;
  const [outer, inner] = format.levels;
  if (outer === 'dense' && inner === 'compressed') return 'pointers';
  if (outer === 'compressed' && inner === 'compressed') return 'segments';
  if (outer === 'compressed(nonunique)' && inner === 'singleton') return 'per-entry';
  return undefined;
}

/** What this conversion reads of a (canonical) source tensor. */
export interface RowFormSource {
  readonly shape: readonly number[];
  readonly format: SparseFormat;
  readonly positions: readonly (IndexArray | undefined)[];
  readonly coordinates: readonly (IndexArray | undefined)[];
  readonly values: SparseStorage['values'];
}

/**
 * The non-empty rows in order and their segments of stored positions (`bounds[s]` to
 * `bounds[s + 1]` for the `s`-th row, so `bounds` is a DCSR's `positions[1]`): the one form
 * every row form reduces to in time linear in the entries (plus the rows of a pointers
 * source, which stores them all).
 */
interface RowSegments {
  readonly rows: Uint32Array | Float64Array;
  readonly bounds: Uint32Array | ArrayLike<number>;
}

/**
 * An array for `n` row coordinates below `rowCount`: 32-bit when they fit (what the common
 * widths store, so it is handed over without a copy), else doubles.
 */
function rowArray(rowCount: number, n: number): Uint32Array | Float64Array {
  return rowCount <= 2 ** 32 ? new Uint32Array(n) : new Float64Array(n);
}

/**
 * `source`'s storage in `target` when both are row forms of the same level order, else
 * `undefined` (the caller sorts instead).
 */
export function rowFormStorage(
  source: RowFormSource,
  target: SparseFormat,
): SparseStorage | undefined {
  const from = rowFormOf(source.format);
  const to = rowFormOf(target);
  if (from === undefined || to === undefined) return undefined;
  if (source.format.order[0] !== target.order[0]) return undefined;
  const rowCount = source.shape[target.order[0] as number] as number;
  const colCount = source.shape[target.order[1] as number] as number;
  const nnz = source.values.length;
  // Level by level, as the sorting path packs them, so a width too small is named alike.
  const inner = () =>
    kept(source.coordinates[1] as IndexArray, target.crdWidth, 'coordinates[1]', colCount - 1);
  if (from === to) {
    const level = (l: number, bound: number) => {
      const p = source.positions[l];
      const c = source.coordinates[l];
      const positions =
        p === undefined ? undefined : kept(p, target.posWidth, `positions[${l}]`, nnz);
      const coordinates =
        c === undefined ? undefined : kept(c, target.crdWidth, `coordinates[${l}]`, bound);
      return { positions, coordinates };
    };
    const outer = level(0, rowCount - 1);
    const innerLevel = level(1, colCount - 1);
    return {
      positions: [outer.positions, innerLevel.positions],
      coordinates: [outer.coordinates, innerLevel.coordinates],
      values: source.values,
    };
  }
  let outer: OuterLevel;
  if (from === 'pointers' && to === 'per-entry') {
    outer = perEntryLevel(rowsPerEntry(source, rowCount, nnz), rowCount, nnz, target);
  } else if (from === 'per-entry' && to === 'pointers') {
    outer = pointersLevel(pointersOfRows(source, rowCount), nnz, target);
  } else outer = outerLevel(segmentsOf(source, from, rowCount), to, rowCount, nnz, target);
  return {
    positions: [outer.positions0, outer.positions1],
    coordinates: [outer.coordinates0, inner()],
    values: source.values,
  };
}

function segmentsOf(source: RowFormSource, from: RowForm, rowCount: number): RowSegments {
  if (from === 'segments') {
    const crd = numbersOf(source.coordinates[0] as IndexArray);
    const rows = rowArray(rowCount, crd.length);
    rows.set(crd);
    return { rows, bounds: numbersOf(source.positions[1] as IndexArray) };
  }
  if (from === 'pointers')
    return nonEmptyRows(numbersOf(source.positions[1] as IndexArray), rowCount);
  const crd = numbersOf(source.coordinates[0] as IndexArray);
  const n = crd.length;
  let runs = 0;
  for (let e = 0; e < n; e++) if (e === 0 || crd[e] !== crd[e - 1]) runs++;
  const rows = rowArray(rowCount, runs);
  const bounds = new Uint32Array(runs + 1);
  let k = -1;
  for (let e = 0; e < n; e++) {
    const r = crd[e] as number;
    if (k < 0 || r !== rows[k]) rows[++k] = r;
    bounds[k + 1] = e + 1;
  }
  return { rows, bounds };
}

/**
 * Rows at least this long on average are each written by the engine's `fill`; shorter ones
 * would pay a call per row, so they are found by marks instead (rows-of-entries.ts).
 */
const LONG_ROW = 16;

/**
 * One row coordinate per entry of a pointers source, read off its positions (a pointers
 * level has fewer than 2^31 rows, so they are 32-bit).
 */
function rowsPerEntry(source: RowFormSource, rowCount: number, nnz: number): Uint32Array {
  const pos = numbersOf(source.positions[1] as IndexArray);
  if (nnz < LONG_ROW * rowCount) return rowsOfEntries(pos, rowCount, nnz);
  const rows = new Uint32Array(nnz);
  for (let r = 0; r < rowCount; r++) rows.fill(r, pos[r] as number, pos[r + 1] as number);
  return rows;
}

/** The outer level of a target: positions of levels 0 and 1, coordinates of level 0. */
interface OuterLevel {
  readonly positions0: IndexArray | undefined;
  readonly positions1: IndexArray | undefined;
  readonly coordinates0: IndexArray | undefined;
}

/** The outer level of `to` from the source's row segments. */
function outerLevel(
  segments: RowSegments,
  to: RowForm,
  rowCount: number,
  nnz: number,
  target: SparseFormat,
): OuterLevel {
  const { rows, bounds } = segments;
  const k = rows.length;
  if (to === 'pointers') {
    const pointers = pointerArray(rowCount);
    let r = 0;
    for (let s = 0; s < k; s++) {
      const row = rows[s] as number;
      const start = bounds[s] as number;
      while (r <= row) pointers[r++] = start;
    }
    while (r <= rowCount) pointers[r++] = nnz;
    return pointersLevel(pointers, nnz, target);
  }
  if (to === 'segments') {
    // Built here from pointers or per-entry rows (a segments source is kept as it is).
    const positions0 = indexArrayFrom(target.posWidth, Uint32Array.of(0, k), 'positions[0]', k);
    const coordinates0 = indexArrayFrom(target.crdWidth, rows, 'coordinates[0]', rowCount - 1);
    const positions1 = indexArrayFrom(target.posWidth, bounds as Uint32Array, 'positions[1]', nnz);
    return { positions0, positions1, coordinates0 };
  }
  const perEntry = rowArray(rowCount, nnz);
  for (let s = 0, e = 0; s < k; s++) {
    const row = rows[s] as number;
    const end = bounds[s + 1] as number;
    while (e < end) perEntry[e++] = row;
  }
  return perEntryLevel(perEntry, rowCount, nnz, target);
}

/** Row pointers for `rowCount` rows (a typed error when there would be too many). */
function pointerArray(rowCount: number): Uint32Array {
  checkLength('shape', `positions[1] of ${rowCount + 1} entries`, rowCount + 1);
  return new Uint32Array(rowCount + 1);
}

/** Row pointers of a COO source: its entries counted per row, then summed up. */
function pointersOfRows(source: RowFormSource, rowCount: number): Uint32Array {
  const pointers = pointerArray(rowCount);
  const crd = numbersOf(source.coordinates[0] as IndexArray);
  for (let e = 0; e < crd.length; e++) {
    const at = (crd[e] as number) + 1;
    pointers[at] = (pointers[at] as number) + 1;
  }
  for (let r = 0; r < rowCount; r++) {
    pointers[r + 1] = (pointers[r + 1] as number) + (pointers[r] as number);
  }
  return pointers;
}

/** A CSR outer level: the row pointers only. */
function pointersLevel(pointers: Uint32Array, nnz: number, target: SparseFormat): OuterLevel {
  return {
    positions0: undefined,
    positions1: indexArrayFrom(target.posWidth, pointers, 'positions[1]', nnz),
    coordinates0: undefined,
  };
}

/** A COO outer level: one segment of every entry, and their row coordinates. */
function perEntryLevel(
  rows: Uint32Array | Float64Array,
  rowCount: number,
  nnz: number,
  target: SparseFormat,
): OuterLevel {
  return {
    positions0: indexArrayFrom(target.posWidth, Uint32Array.of(0, nnz), 'positions[0]', nnz),
    positions1: undefined,
    coordinates0: indexArrayFrom(target.crdWidth, rows, 'coordinates[0]', rowCount - 1),
  };
}

/**
 * `array` itself when it is already of `width` (shared: neither side writes it), else its
 * entries at `width` (checked against the width when `bound`, the largest entry possible,
 * passes it).
 */
function kept(array: IndexArray, width: StorageWidth, argument: string, bound: number): IndexArray {
  if (widthOf(array) === width) return array;
  return indexArrayFrom(width, Float64Array.from(numbersOf(array)), argument, bound);
}
