/**
 * A matrix's rows built from its entries in any order on WebAssembly (the two counting scatters
 * of row-build-loops.ts, compiled ahead of time), for `fromCoordinates` and conversions out of
 * COO-like storage into a row form. In JavaScript the same build (row-form-build.ts) takes
 * about three times as long: a scatter and a sort of short rows, both in loops that store into
 * typed arrays (see wasm-transposition.ts). Results are bit for bit those of the JavaScript
 * build: values are moved as bits, and repeated coordinates are left next to each other, in the
 * order given, for the caller to sum.
 *
 * It declines (returns undefined) a build of few entries, one whose arrays would enlarge the
 * engine's memory past `MAX_OPERAND_BYTES` (prepared-wasm.ts), and any call where WebAssembly
 * cannot compile.
 */
import { whileOverwritten } from '@tilekit/loop-engines';
import type { BuiltRows } from './conversion-accelerator.js';
import { ROW_BUILD_WASM } from './conversion-wasm.generated.js';
import {
  I32,
  I32_ARRAY,
  INDEX,
  MAX_OPERAND_BYTES,
  movedArrayType,
  movedValueArray,
  type PreparedSignature,
  preparedCalls,
  viewAs,
} from './prepared-wasm.js';
import { ROW_BUILD_FUNCTION } from './row-build-loops.js';
import { scratchArrays, scratchLike } from './scratch-array.js';
import type { ValueArray } from './storage-arrays.js';
import { unfilledArray, type ViewableArrayType } from './unfilled-array.js';

/**
 * Fewer entries than this are built in JavaScript: below it the copies, the call and the passes
 * over every row and column cost about what the scatters save (measured on 2 cores, random
 * entries, `fromCoordinates` into CSR: wasm took 1.00-1.05 of JavaScript's time at 2048 and
 * 4096 entries, 0.93-0.98 at 8192 and 16384 with one entry a row, 0.64 at 40 k with two).
 */
export const WASM_ROW_BUILD_MIN_ENTRIES = 1 << 12;

/**
 * One entry in this many may be listed as a repeat. Random coordinates repeat rarely (3 in
 * 40 k at 20000², one in 40 at 2000² with 200 k); with more repeats than this the caller copies
 * its arrays anyway, and the scan that finds the repeats costs little beside those copies.
 */
const ENTRIES_PER_LISTED_REPEAT = 16;

/**
 * The compiled function's arguments for values of `width` bytes (the generator checks them
 * against the wasm engine's): the entries' rows, columns and values; the row pointers, columns,
 * values and repeat places it writes; four scratch arrays; four sizes. It returns the number of
 * repeats.
 */
export function rowBuildSignature(width: 4 | 8): PreparedSignature {
  const values = movedValueArray(width);
  const i32 = I32_ARRAY;
  return {
    inputs: [
      i32,
      i32,
      values,
      i32,
      i32,
      values,
      i32,
      i32,
      i32,
      values,
      i32,
      INDEX,
      INDEX,
      INDEX,
      INDEX,
    ],
    written: [3, 4, 5, 6, 7, 8, 9, 10],
    results: [I32],
  };
}

/** Each width's call. */
const callFor = preparedCalls(ROW_BUILD_FUNCTION, ROW_BUILD_WASM, rowBuildSignature);

/** The scratch arrays of the column-major copy, kept between calls (see scratch-array.ts). */
const columnStartsScratch = scratchArrays();
const byColumnRowsScratch = scratchArrays();
const byColumnValuesScratch = scratchArrays();
const rowStateScratch = scratchArrays();

/**
 * The rows of a `rowCount` x `colCount` matrix built from its entries (`rows[e]`, `cols[e]`,
 * `values[e]`: any order, repeats allowed; coordinates below the sizes), or undefined where the
 * call is declined (see the module comment). The arrays are only read.
 */
export function wasmBuiltRows(
  rows: Int32Array,
  cols: Int32Array,
  values: ValueArray,
  rowCount: number,
  colCount: number,
): BuiltRows | undefined {
  const count = values.length;
  const width = values.BYTES_PER_ELEMENT as 4 | 8;
  const capacity = Math.floor(count / ENTRIES_PER_LISTED_REPEAT);
  const operandBytes =
    8 * (rowCount + 1) + 4 * (colCount + 1) + count * (16 + 3 * width) + 4 * capacity;
  if (count < WASM_ROW_BUILD_MIN_ENTRIES || operandBytes > MAX_OPERAND_BYTES) return undefined;
  const run = callFor(width);
  if (run === null) return undefined;
  const moved = movedArrayType(width);
  const built = {
    pointers: unfilledArray(Uint32Array, rowCount + 1),
    columns: unfilledArray(Uint32Array, count),
    values: unfilledArray(values.constructor as ViewableArrayType<ValueArray>, count),
  };
  const places = new Int32Array(capacity);
  const written = [
    viewAs(Int32Array, built.pointers),
    viewAs(Int32Array, built.columns),
    viewAs(moved, built.values),
    places,
    viewAs(Int32Array, scratchLike(new Uint32Array(0), colCount + 1, columnStartsScratch)),
    viewAs(Int32Array, scratchLike(new Uint32Array(0), count, byColumnRowsScratch)),
    viewAs(moved, scratchLike(values, count, byColumnValuesScratch)),
    viewAs(Int32Array, scratchLike(new Uint32Array(0), 2 * (rowCount + 1), rowStateScratch)),
  ];
  // The loops write every element they read of the outputs and scratch: nothing is copied in.
  const [repeats] = whileOverwritten(written, () =>
    run(rows, cols, viewAs(moved, values), ...written, rowCount, colCount, count, capacity),
  ) as [number];
  return repeats <= capacity
    ? { ...built, repeats, repeatPlaces: places.subarray(0, repeats) }
    : { ...built, repeats };
}
