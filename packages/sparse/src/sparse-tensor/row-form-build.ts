/**
 * Matrices built straight from coordinates in a two-level row form (CSR, CSC, DCSR, DCSC, COO
 * of either level order), without the general level-by-level sort: the way scipy's
 * `coo_tocsr` gets there, a counting scatter of the entries into their rows in the order
 * given, then each row put in column order. Short rows (every row of a spread-out matrix) are
 * sorted in place by insertion, as scipy's `csr_sort_indices` sorts each row; a matrix with a
 * long row instead goes through the column buckets first (a second stable counting scatter),
 * so the work stays linear in the entries however skewed the rows. Both keep entries with
 * equal coordinates in the order given, next to each other, where they are summed first to
 * last (the summing order of the general sort, bit for bit). Input already in order (rows,
 * then strictly increasing columns) costs one counting pass and no scatter. The row pointers
 * are then read into the target's row form (row-forms.ts).
 *
 * The arithmetic is on 32-bit integers: both level sizes are bounded by what one counting
 * pass allocates (entry-order.ts's `isOnePass`, which keeps the work linear in the entries),
 * so every coordinate and position is below 2^31.
 *
 * A large build or transposition runs on WebAssembly where the package's main entry is loaded
 * (conversion-accelerator.ts); otherwise a large one scatters into scratch arrays kept between
 * calls and copies the result out in order, and a small one scatters straight into its result.
 */
import {
  acceleratedRowBuild,
  acceleratedTransposition,
  type BuiltRows,
  type TransposedRows,
} from './conversion-accelerator.js';
import { isOnePass } from './entry-order.js';
import type { SparseFormat } from './format.js';
import { rowFormOf, rowFormStorage } from './row-forms.js';
import { KEPT_SCRATCH_LENGTH, scratchArrays, scratchLike } from './scratch-array.js';
import { hasShortRows } from './short-rows.js';
import type { ValueArray } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

/** Rows in pointers form: `pointers[r]..pointers[r + 1]` index `columns` and `values`. */
type Rows = TransposedRows;

/** A values array of `values`' dtype, `n` long. */
function valueArrayLike(values: ValueArray, n: number): ValueArray {
  return new (values.constructor as new (n: number) => ValueArray)(n);
}

/** Element access without the dtype's static type (a bigint array reads and adds bigints). */
type Elements = { [i: number]: number };

/** A 32-bit signed view of an unsigned array whose entries are all below 2^31. */
export function signed(array: Uint32Array): Int32Array {
  return new Int32Array(array.buffer, array.byteOffset, array.length);
}

/**
 * Coordinates as 32-bit integers: the array itself when it already is one, else a copy (the
 * entries are integers below 2^31).
 */
function int32Of(coordinates: Float64Array | Int32Array): Int32Array {
  return coordinates instanceof Int32Array ? coordinates : Int32Array.from(coordinates);
}

/**
 * The storage of `count` entries (`coordinates[d][e]`: entry `e`'s coordinate in dimension
 * `d`, any order, duplicates allowed; `values[e]` its value) of a matrix of `shape` in
 * `target`, when `target` is a row form whose level sizes one counting pass covers; else
 * `undefined` (the caller sorts instead). The coordinate arrays are the caller's to give
 * away (they may become the storage's); the values are only read.
 */
export function rowFormStorageOfEntries(
  coordinates: readonly (Float64Array | Int32Array)[],
  values: ValueArray,
  count: number,
  shape: readonly number[],
  target: SparseFormat,
): SparseStorage | undefined {
  if (shape.length !== 2 || rowFormOf(target) === undefined) return undefined;
  const outerDim = target.order[0] as number;
  const innerDim = target.order[1] as number;
  const rowCount = shape[outerDim] as number;
  const colCount = shape[innerDim] as number;
  if (!isOnePass(rowCount, count) || !isOnePass(colCount, count)) return undefined;
  const rows = int32Of(coordinates[outerDim] as Float64Array | Int32Array);
  const cols = int32Of(coordinates[innerDim] as Float64Array | Int32Array);
  const built = isInOrder(rows, cols, count)
    ? orderedRows(cols, values, rowPointers(rows, rowCount))
    : sortedRows(rows, cols, values, rowCount, colCount);
  const source = {
    shape,
    format: {
      levels: ['dense', 'compressed'] as const,
      order: target.order,
      posWidth: 32,
      crdWidth: 32,
    } satisfies SparseFormat,
    positions: [undefined, built.pointers],
    coordinates: [undefined, built.columns],
    values: built.values,
  };
  return rowFormStorage(source, target);
}

/** Whether the entries come row by row, columns strictly increasing within a row. */
function isInOrder(rows: Int32Array, cols: Int32Array, count: number): boolean {
  for (let e = 1; e < count; e++) {
    const r = rows[e] as number;
    const previous = rows[e - 1] as number;
    if (r < previous || (r === previous && (cols[e] as number) <= (cols[e - 1] as number))) {
      return false;
    }
  }
  return true;
}

/**
 * Entries that come row by row, with their row pointers: the columns are stored as they are,
 * the values copied (they may be another tensor's, whose arrays a conversion shares only
 * between row forms of one level order).
 */
function orderedRows(cols: Int32Array, values: ValueArray, pointers: Uint32Array): Rows {
  const columns = new Uint32Array(cols.buffer, cols.byteOffset, cols.length);
  return { pointers, columns, values: values.slice() };
}

/** The row pointers of entries in rows `rows` (row `r` starts at `pointers[r]`). */
function rowPointers(rows: Int32Array, rowCount: number): Uint32Array {
  const pointers = new Uint32Array(rowCount + 1);
  countInto(signed(pointers), rows);
  return pointers;
}

/** `starts[c + 1]` counts the keys equal to `c`; then summed up, `starts[c]` is where `c` begins. */
function countInto(starts: Int32Array, keys: Int32Array): void {
  for (let e = 0; e < keys.length; e++) {
    const at = (keys[e] as number) + 1;
    starts[at] = (starts[at] as number) + 1;
  }
  for (let c = 1; c < starts.length; c++) {
    starts[c] = (starts[c] as number) + (starts[c - 1] as number);
  }
}

/**
 * Rows are put in order in place by insertion when none is longer than this (so an entry moves
 * at most this many places whatever the order) ...
 */
const INSERTION_ROW_LIMIT = 64;
/**
 * ... and they hold at most this many entries on average: insertion moves an entry past about
 * a quarter of its row, which beats a second counting scatter (measured) only for short rows,
 * as a spread-out matrix has. Anything else takes the two scatters, linear however long a row.
 */
const INSERTION_MEAN_LIMIT = 8;

/** Rows in order whose equal columns stand next to each other, and how many repeat one. */
type GroupedRows = BuiltRows;

/**
 * The entries in row form, columns increasing within each row, entries with equal coordinates
 * summed in the order given: built by the installed accelerator where it takes the call, else
 * here.
 */
function sortedRows(
  rows: Int32Array,
  cols: Int32Array,
  values: ValueArray,
  rowCount: number,
  colCount: number,
): Rows {
  const grouped =
    acceleratedRowBuild(rows, cols, values, rowCount, colCount) ??
    groupedRows(rows, cols, values, rowCount, colCount);
  return grouped.repeats === 0 ? grouped : summedRepeats(grouped);
}

/** The JavaScript build of {@link sortedRows}, before the repeats are summed. */
function groupedRows(
  rows: Int32Array,
  cols: Int32Array,
  values: ValueArray,
  rowCount: number,
  colCount: number,
): GroupedRows {
  const pointers = rowPointers(rows, rowCount);
  const short =
    rows.length <= INSERTION_MEAN_LIMIT * rowCount && longestRow(pointers) <= INSERTION_ROW_LIMIT;
  return short
    ? rowsSortedInPlace(rows, cols, values, pointers)
    : rowsThroughColumns(rows, cols, values, pointers, colCount);
}

/**
 * Entries of at least this many bytes (columns and values) are scattered into scratch kept
 * between calls and copied out in order, smaller ones straight into fresh arrays. Random writes
 * into fresh memory cost more than into warm scratch: the allocator zeroes memory the cache no
 * longer holds, and a large array has left the cache again by the time the scatter's writes
 * land (measured: 7-15 % less CPU time for CSR <-> CSC at 200 k f64 entries, 2.4 MB), while a
 * small one is still there and a copy only adds a pass (1-5 % more at 40 k, 480 KB).
 */
export const SCRATCH_MIN_BYTES = 1 << 20;

/**
 * Where a build writes its entries: fresh arrays (which become the result) below
 * {@link SCRATCH_MIN_BYTES} or when the values would not fit one kept scratch array, else
 * scratch (`inScratch`: to be copied out once final).
 */
function entryArrays(
  like: ValueArray,
  count: number,
  columnsScratch: (length: number) => Uint32Array,
  valuesScratch: (length: number) => Uint32Array,
): { columns: Uint32Array; values: ValueArray; inScratch: boolean } {
  const valueBytes = count * like.BYTES_PER_ELEMENT;
  const inScratch =
    valueBytes + 4 * count >= SCRATCH_MIN_BYTES && valueBytes <= 4 * KEPT_SCRATCH_LENGTH;
  return inScratch
    ? {
        columns: scratchLike(new Uint32Array(0), count, columnsScratch),
        values: scratchLike(like, count, valuesScratch),
        inScratch,
      }
    : { columns: new Uint32Array(count), values: valueArrayLike(like, count), inScratch };
}

/** The most entries one row holds (`pointers`: the row pointers). */
function longestRow(pointers: Uint32Array): number {
  const starts = signed(pointers);
  let longest = 0;
  for (let r = 1; r < starts.length; r++) {
    const length = (starts[r] as number) - (starts[r - 1] as number);
    if (length > longest) longest = length;
  }
  return longest;
}

/**
 * One stable counting scatter into the rows (scipy's `coo_tocsr`), then each row sorted by
 * column by insertion, which moves an entry only past larger columns (so equal columns keep
 * the order given and end up side by side).
 */
function rowsSortedInPlace(
  rows: Int32Array,
  cols: Int32Array,
  values: ValueArray,
  pointers: Uint32Array,
): GroupedRows {
  const count = rows.length;
  const columns = new Uint32Array(count);
  const out = valueArrayLike(values, count);
  scatterByKey(rows, cols, values, signed(pointers), signed(columns), out);
  shiftBack(signed(pointers));
  const repeats = sortRowsByInsertion(signed(pointers), signed(columns), out);
  return { pointers, columns, values: out, repeats };
}

/**
 * The stable counting scatter by `keys` (scipy's `coo_tocsr`): entry `e` goes to the next
 * free place of bucket `keys[e]`, with `others[e]` into `othersOut` and its value into `out`.
 * `starts` (where each bucket begins) advance each bucket's start to its end on the way; the
 * caller shifts them back (a call after the loop would cost an optimized loop's code a
 * deoptimization per call, as V8 enters it mid-loop before the call has been seen).
 */
function scatterByKey(
  keys: Int32Array,
  others: Int32Array,
  values: ValueArray,
  starts: Int32Array,
  othersOut: Int32Array,
  out: ValueArray,
): void {
  const to = out as unknown as Elements;
  const from = values as unknown as Elements;
  for (let e = 0; e < keys.length; e++) {
    const k = keys[e] as number;
    const at = starts[k] as number;
    starts[k] = at + 1;
    othersOut[at] = others[e] as number;
    to[at] = from[e] as number;
  }
}

/**
 * Sorts each row's columns (and their values along) by insertion; returns how many entries
 * repeat the column of the entry before them.
 */
function sortRowsByInsertion(starts: Int32Array, crd: Int32Array, out: ValueArray): number {
  const to = out as unknown as Elements;
  let repeats = 0;
  for (let r = 0; r + 1 < starts.length; r++) {
    const lo = starts[r] as number;
    const hi = starts[r + 1] as number;
    for (let k = lo + 1; k < hi; k++) {
      const c = crd[k] as number;
      const before = crd[k - 1] as number;
      if (c > before) continue;
      if (c === before) {
        repeats++;
        continue;
      }
      repeats += insertBackwards(crd, to, lo, k);
    }
  }
  return repeats;
}

/**
 * Moves entry `k` back past the larger columns before it, down to `lo`; 1 when it lands
 * beside an equal column, else 0.
 */
function insertBackwards(crd: Int32Array, to: Elements, lo: number, k: number): number {
  const c = crd[k] as number;
  const v = to[k] as number;
  let j = k - 1;
  while (j >= lo && (crd[j] as number) > c) {
    crd[j + 1] = crd[j] as number;
    to[j + 1] = to[j] as number;
    j--;
  }
  crd[j + 1] = c;
  to[j + 1] = v;
  return j >= lo && crd[j] === c ? 1 : 0;
}

/**
 * The two stable counting scatters: by column (a column-major copy), then that copy
 * transposed into the rows, so each row receives its columns in increasing order (equal ones
 * in the order given).
 */
function rowsThroughColumns(
  rows: Int32Array,
  cols: Int32Array,
  values: ValueArray,
  pointers: Uint32Array,
  colCount: number,
): GroupedRows {
  const count = rows.length;
  const columnStarts = new Int32Array(colCount + 1);
  countInto(columnStarts, cols);
  const byColumn = entryArrays(values, count, byColumnRowsScratch, byColumnValuesScratch);
  const rowOf = signed(byColumn.columns);
  scatterByKey(cols, rows, values, columnStarts, rowOf, byColumn.values);
  shiftBack(columnStarts);
  const transposed = transposedRows(
    columnStarts,
    rowOf,
    byColumn.values,
    pointers.length - 1,
    false,
  );
  return { ...transposed, repeats: repeatsIn(transposed.pointers, transposed.columns) };
}

/** The scratch arrays of {@link rowsThroughColumns}' column-major copy. */
const byColumnRowsScratch = scratchArrays();
const byColumnValuesScratch = scratchArrays();

/**
 * Rows in pointers form (`pointers`, `columns`, `values`) transposed into their columns in
 * pointers form, as scipy's `csr_tocsc` does: the entries counted per column, then each row's
 * entries, rows in order, moved to the next free place of their column, so each column holds
 * its rows in increasing order (and equal coordinates in the order they stood). The count
 * array becomes the column pointers: it holds column `c`'s start one place up, at `c + 1`, and
 * the scatter advances that to `c`'s end, which is where column `c + 1` starts.
 */
export function transposedRows(
  pointers: Int32Array,
  columns: Int32Array,
  values: ValueArray,
  colCount: number,
  unchanging: boolean,
): Rows {
  const accelerated = acceleratedTransposition(pointers, columns, values, colCount, unchanging);
  if (accelerated !== undefined) return accelerated;
  const count = values.length;
  const columnPointers = new Uint32Array(colCount + 1);
  const startsAbove = signed(columnPointers);
  countStartsAbove(startsAbove, columns);
  const {
    columns: rowsOut,
    values: out,
    inScratch,
  } = entryArrays(values, count, transposedRowsScratch, transposedValuesScratch);
  if (hasShortRows(count, pointers.length - 1)) {
    scatterEntriesIntoColumns(
      rowStarts(pointers, count),
      columns,
      values,
      startsAbove,
      signed(rowsOut),
      out,
    );
  } else scatterRowsIntoColumns(pointers, columns, values, startsAbove, signed(rowsOut), out);
  // Scratch is copied out in order, into arrays of their own.
  return {
    pointers: columnPointers,
    columns: inScratch ? rowsOut.slice() : rowsOut,
    values: inScratch ? out.slice() : out,
  };
}

/** The scratch arrays of {@link transposedRows}' rows and values. */
const transposedRowsScratch = scratchArrays();
const transposedValuesScratch = scratchArrays();

/** The marks' array, kept between calls (it never leaves one). */
const marksScratch = scratchArrays();

/**
 * For row pointers `pointers` of `count` entries, how many rows start at each entry (`marks[q]`,
 * `q` from 0 to `count`; row 0 is not counted, and an empty row's start is that of the row after
 * it): a running sum of the marks is each entry's row.
 */
function rowStarts(pointers: Int32Array, count: number): Int32Array {
  const marks = signed(marksScratch(count + 1)).fill(0, 0, count + 1);
  for (let r = 1; r + 1 < pointers.length; r++) {
    const start = pointers[r] as number;
    marks[start] = (marks[start] as number) + 1;
  }
  return marks;
}

/**
 * {@link scatterRowsIntoColumns} in one loop over the entries, rows in order as theirs: entry
 * `q`'s row is the running sum of `marks` (see rowStarts) up to `q`, so nothing branches on
 * where a row ends.
 */
function scatterEntriesIntoColumns(
  marks: Int32Array,
  columns: Int32Array,
  values: ValueArray,
  startsAbove: Int32Array,
  rowsOut: Int32Array,
  out: ValueArray,
): void {
  const from = values as unknown as Elements;
  const to = out as unknown as Elements;
  let row = 0;
  for (let q = 0; q < columns.length; q++) {
    row += marks[q] as number;
    const c = (columns[q] as number) + 1;
    const at = startsAbove[c] as number;
    startsAbove[c] = at + 1;
    rowsOut[at] = row;
    to[at] = from[q] as number;
  }
}

/**
 * `startsAbove[c + 1]` becomes where key `c` begins (the keys below `c` counted; `startsAbove`
 * is zero and one longer than the largest key + 1).
 */
function countStartsAbove(startsAbove: Int32Array, keys: Int32Array): void {
  for (let e = 0; e < keys.length; e++) {
    const at = (keys[e] as number) + 1;
    startsAbove[at] = (startsAbove[at] as number) + 1;
  }
  let start = 0;
  for (let c = 1; c < startsAbove.length; c++) {
    const n = startsAbove[c] as number;
    startsAbove[c] = start;
    start += n;
  }
}

/**
 * Row by row (`pointers`), each entry to the next free place of its column, its row into
 * `rowsOut` and its value into `out`. `startsAbove[c + 1]` (where column `c` begins) advances
 * to the column's end on the way, so it ends up as the column pointers.
 */
function scatterRowsIntoColumns(
  pointers: Int32Array,
  columns: Int32Array,
  values: ValueArray,
  startsAbove: Int32Array,
  rowsOut: Int32Array,
  out: ValueArray,
): void {
  const from = values as unknown as Elements;
  const to = out as unknown as Elements;
  for (let r = 0; r + 1 < pointers.length; r++) {
    const end = pointers[r + 1] as number;
    for (let q = pointers[r] as number; q < end; q++) {
      const c = (columns[q] as number) + 1;
      const at = startsAbove[c] as number;
      startsAbove[c] = at + 1;
      rowsOut[at] = r;
      to[at] = from[q] as number;
    }
  }
}

/**
 * Bucket starts that a scatter advanced to their ends, back to their starts, in one native
 * move (measured over 20001 buckets: 1.3 µs, where a loop took 17 µs).
 */
function shiftBack(starts: Int32Array): void {
  starts.copyWithin(1, 0, starts.length - 1);
  starts[0] = 0;
}

/** How many entries of rows in column order repeat the column of the entry before them. */
function repeatsIn(pointers: Uint32Array, columns: Uint32Array): number {
  const starts = signed(pointers);
  const crd = signed(columns);
  let repeats = 0;
  for (let r = 0; r + 1 < starts.length; r++) {
    const hi = starts[r + 1] as number;
    for (let k = (starts[r] as number) + 1; k < hi; k++) if (crd[k] === crd[k - 1]) repeats++;
  }
  return repeats;
}

/**
 * Rows whose equal columns stand next to each other (in the order given) with each run of
 * them summed into one entry, first to last, where the entries lie: `rows`' arrays are the
 * build's own (made by the scatter or the transposition). The repeats are where the build
 * listed them, else found by one scan of the columns; the runs of entries between them move
 * down, long ones by native copies. With few repeats (what random coordinates give: three in
 * 40 k entries at 20000², 2.5 % of 200 k at 2000²) the arrays are handed on as views of their
 * first entries (scipy's `sum_duplicates` prunes its arrays so, by slicing), at most one entry
 * in {@link ENTRIES_PER_REPEAT} unused past their ends; with more, as copies of their own.
 */
function summedRepeats(rows: GroupedRows): Rows {
  const starts = signed(rows.pointers);
  const { columns, values } = rows;
  const at = values as unknown as Elements;
  const count = columns.length;
  // Where each repeat stood, in order, for the moves and the row pointers.
  const gone = rows.repeatPlaces?.slice().sort() ?? repeatPlaces(rows);
  // Entries before `run` are in place up to `w`.
  let w = 0;
  let run = 0;
  for (let g = 0; g < gone.length; g++) {
    const k = gone[g] as number;
    w = movedDown(columns, values, run, k, w);
    at[w - 1] = (at[w - 1] as number) + (at[k] as number);
    run = k + 1;
  }
  const stored = movedDown(columns, values, run, count, w);
  let g = 0;
  for (let r = 0; r < starts.length; r++) {
    const start = starts[r] as number;
    while (g < gone.length && (gone[g] as number) < start) g++;
    starts[r] = start - g;
  }
  const views = gone.length * ENTRIES_PER_REPEAT <= count;
  return {
    pointers: rows.pointers,
    columns: views ? columns.subarray(0, stored) : columns.slice(0, stored),
    values: (views ? values.subarray(0, stored) : values.slice(0, stored)) as ValueArray,
  };
}

/** Where each of `rows`' repeats stands (an entry of the column of the entry before it), in order. */
function repeatPlaces(rows: GroupedRows): Int32Array {
  const starts = signed(rows.pointers);
  const crd = signed(rows.columns);
  const places = new Int32Array(rows.repeats);
  let found = 0;
  for (let k = 1; k < crd.length; k++) {
    if (crd[k] === crd[k - 1] && !startsRowAt(starts, k)) places[found++] = k;
  }
  return places;
}

/**
 * Entries per repeat from which the arrays are handed on as views (see summedRepeats): at 2000²
 * with 200 k random entries (2.5 % repeats) copies of their own took 3-6 % longer.
 */
const ENTRIES_PER_REPEAT = 16;

/** Runs at least this long move by one native copy; shorter ones entry by entry. */
const NATIVE_MOVE_MIN = 16;

/** Moves the entries `run` to `end` down to `w`; returns where the next ones go. */
function movedDown(
  columns: Uint32Array,
  values: ValueArray,
  run: number,
  end: number,
  w: number,
): number {
  if (w === run) return end;
  if (end - run >= NATIVE_MOVE_MIN) {
    columns.copyWithin(w, run, end);
    values.copyWithin(w, run, end);
    return w + end - run;
  }
  const at = values as unknown as Elements;
  for (let k = run; k < end; k++, w++) {
    columns[w] = columns[k] as number;
    at[w] = at[k] as number;
  }
  return w;
}

/** Whether some row (after the first) starts at entry `k`: a binary search of the starts. */
function startsRowAt(starts: Int32Array, k: number): boolean {
  let lo = 1;
  let hi = starts.length - 2;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const at = starts[mid] as number;
    if (at === k) return true;
    if (at < k) lo = mid + 1;
    else hi = mid - 1;
  }
  return false;
}
