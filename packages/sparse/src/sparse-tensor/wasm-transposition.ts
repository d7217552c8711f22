/**
 * The counting transposition of a large matrix (CSR <-> CSC) on WebAssembly, compiled ahead of
 * time from transposition-loops.ts. The same loops in JavaScript (row-form-build.ts) take about
 * two to four times as long for each entry they scatter: V8 loads each typed array's length
 * and data pointer again at every access of a loop that stores into typed arrays, where wasm
 * addresses one linear memory. Copying the operands into the engine's memory and the result
 * out costs less than that from a few thousand entries on. Results are bit for bit those of
 * the JavaScript scatter (values are moved as bits, never computed on).
 *
 * It declines (returns undefined, and the caller transposes in JavaScript) a small matrix, one
 * whose operands would enlarge the engine's memory past `MAX_OPERAND_BYTES` (prepared-wasm.ts),
 * and any call where WebAssembly cannot compile.
 */
import { markImmutable, whileOverwritten } from '@tilekit/loop-engines';
import type { TransposedRows } from './conversion-accelerator.js';
import { TRANSPOSITION_WASM } from './conversion-wasm.generated.js';
import {
  I32_ARRAY,
  INDEX,
  MAX_OPERAND_BYTES,
  movedArrayType,
  movedValueArray,
  type PreparedSignature,
  preparedCalls,
  viewAs,
} from './prepared-wasm.js';
import type { ValueArray } from './storage-arrays.js';
import { TRANSPOSITION_FUNCTION } from './transposition-loops.js';
import { unfilledArray, type ViewableArrayType } from './unfilled-array.js';

/**
 * Fewer entries than this transpose in JavaScript: below it the copies in and out and the call
 * cost about what the scatter saves (measured on 2 cores: at 1024 entries JavaScript took 0.87
 * to 1.17 of wasm's time, at 2048 wasm took 0.77 to 0.86 of JavaScript's, at 4096 0.58 to 0.68).
 */
export const WASM_TRANSPOSITION_MIN_ENTRIES = 1 << 11;

/**
 * The compiled function's arguments for values of `width` bytes (the generator checks them
 * against the wasm engine's): the row pointers, columns and values, the outputs' three arrays,
 * and three sizes.
 */
export function transpositionSignature(width: 4 | 8): PreparedSignature {
  const values = movedValueArray(width);
  return {
    inputs: [I32_ARRAY, I32_ARRAY, values, I32_ARRAY, I32_ARRAY, values, INDEX, INDEX, INDEX],
    written: [3, 4, 5],
    results: [],
  };
}

/** Each width's call. */
const callFor = preparedCalls(TRANSPOSITION_FUNCTION, TRANSPOSITION_WASM, transpositionSignature);

/**
 * Per buffer, the last view of a tensor's storage a transposition passed over it. The engine
 * keeps its copy of an immutable argument for the next call only when that call passes the
 * same array object, and a tensor's arrays reach here as views made anew for each conversion
 * (its unsigned positions seen as signed, its values as the width's moved type).
 */
const lastViews = new WeakMap<ArrayBufferLike, Int32Array | Float64Array>();

/**
 * `view` of a tensor's storage, or the view of the same type over the same bytes passed
 * before (its buffer holds it, weakly): declared immutable to the engine.
 */
function lastingView<T extends Int32Array | Float64Array>(view: T): T {
  const last = lastViews.get(view.buffer);
  if (
    last?.constructor === view.constructor &&
    last.byteOffset === view.byteOffset &&
    last.byteLength === view.byteLength
  )
    return last as T;
  markImmutable(view);
  lastViews.set(view.buffer, view);
  return view;
}

/**
 * The rows in pointers form (`pointers`, `columns`: 32-bit, `values`) of a matrix with
 * `colCount` columns, transposed, or undefined where the call is declined (see the module
 * comment). `pointers` must be non-decreasing from 0 to `values.length`, and `columns` below
 * `colCount` (as every canonical tensor's are). Where `unchanging` (the arrays view a tensor's
 * storage, which never changes), the engine keeps its copy of them in its memory for the next
 * transposition of the same tensor, as it keeps a kernel's sparse operands (unless another
 * kernel ran in between).
 */
export function wasmTransposedRows(
  pointers: Int32Array,
  columns: Int32Array,
  values: ValueArray,
  colCount: number,
  unchanging = false,
): TransposedRows | undefined {
  const count = values.length;
  const width = values.BYTES_PER_ELEMENT as 4 | 8;
  const operandBytes = 4 * (pointers.length + colCount + 1) + 2 * count * (4 + width);
  if (count < WASM_TRANSPOSITION_MIN_ENTRIES || operandBytes > MAX_OPERAND_BYTES) return undefined;
  const run = callFor(width);
  if (run === null) return undefined;
  // Values move as their width's type: f32 and i32 as i32, f64 and i64 as f64.
  const moved = movedArrayType(width);
  const result: TransposedRows = {
    pointers: unfilledArray(Uint32Array, colCount + 1),
    columns: unfilledArray(Uint32Array, count),
    values: unfilledArray(values.constructor as ViewableArrayType<ValueArray>, count),
  };
  const written = [
    viewAs(Int32Array, result.pointers),
    viewAs(Int32Array, result.columns),
    viewAs(moved, result.values),
  ];
  const viewed = [pointers, columns, viewAs(moved, values)] as const;
  const read = unchanging ? viewed.map(lastingView) : viewed;
  // The loops write every element of the outputs, so nothing is copied into the memory for them.
  whileOverwritten(written, () => run(...read, ...written, pointers.length - 1, colCount, count));
  return result;
}
