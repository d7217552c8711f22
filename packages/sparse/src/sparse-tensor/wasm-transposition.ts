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
 * whose operands would enlarge the engine's memory past {@link MAX_OPERAND_BYTES} (that memory
 * never shrinks, and kernels share it), and any call where WebAssembly cannot compile (absent,
 * or forbidden by a page's content security policy).
 */
import {
  type EngineCall,
  instantiateWasmKernel,
  markImmutable,
  whileOverwritten,
} from '@tilekit/loop-engines';
import type { Type } from '@tilekit/loop-ir';
import { bytesOfHex } from './hex-bytes.js';
import type { ValueArray } from './storage-arrays.js';
import { installTransposition, type TransposedRows } from './transposition-accelerator.js';
import { TRANSPOSITION_FUNCTION } from './transposition-loops.js';
import { TRANSPOSITION_WASM } from './transposition-wasm.generated.js';
import { unfilledArray, type ViewableArrayType } from './unfilled-array.js';

/**
 * Fewer entries than this transpose in JavaScript: below it the copies in and out and the call
 * cost about what the scatter saves (measured on 2 cores: at 1024 entries JavaScript took 0.87
 * to 1.17 of wasm's time, at 2048 wasm took 0.77 to 0.86 of JavaScript's, at 4096 0.58 to 0.68).
 */
export const WASM_TRANSPOSITION_MIN_ENTRIES = 1 << 11;

/** The most bytes of operands and results a transposition brings into the engine's memory. */
export const MAX_OPERAND_BYTES = 1 << 27;

const ARRAY = (element: object) => ({ kind: 'memref', shape: ['?'], element });
const I32 = ARRAY({ kind: 'integer', width: 32 });
const INDEX = { kind: 'index' };

/**
 * The compiled function's arguments for values of `width` bytes (the generator checks them
 * against the wasm engine's): the row pointers, columns and values, the outputs' three arrays,
 * and three sizes.
 */
export function transpositionSignature(width: 4 | 8): { inputs: Type[]; written: number[] } {
  const values = width === 4 ? I32 : ARRAY({ kind: 'float', format: 'f64' });
  return {
    inputs: [I32, I32, values, I32, I32, values, INDEX, INDEX, INDEX] as Type[],
    written: [3, 4, 5],
  };
}

/** Each width's call: undefined until first needed, null where wasm cannot compile. */
const calls: { 4?: EngineCall | null; 8?: EngineCall | null } = {};

/** The call for values of `width` bytes, or null where this host cannot compile WebAssembly. */
function compiled(width: 4 | 8): EngineCall | null {
  if (typeof WebAssembly !== 'object') return null;
  try {
    return instantiateWasmKernel({
      functionName: TRANSPOSITION_FUNCTION,
      bytes: bytesOfHex(TRANSPOSITION_WASM[width]),
      sharedMemory: false,
      results: [],
      hostImports: [],
      ...transpositionSignature(width),
    });
  } catch (error) {
    // A content security policy without 'wasm-unsafe-eval' refuses to compile any module.
    if (error instanceof WebAssembly.CompileError) return null;
    throw error;
  }
}

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

/** `array`'s elements viewed as `type`'s (of the same width). */
const viewAs = <T>(type: ViewableArrayType<T>, array: ArrayBufferView): T =>
  new type(
    array.buffer as ArrayBuffer,
    array.byteOffset,
    array.byteLength / type.BYTES_PER_ELEMENT,
  );

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
  if (calls[width] === undefined) calls[width] = compiled(width);
  const run = calls[width];
  if (run === null || run === undefined) return undefined;
  // Values move as their width's type: f32 and i32 as i32, f64 and i64 as f64.
  const moved = (width === 4 ? Int32Array : Float64Array) as ViewableArrayType<
    Int32Array | Float64Array
  >;
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

/**
 * Makes conversion transpose large matrices on WebAssembly (see transposition-accelerator.ts);
 * the package's main entry calls it when it loads.
 */
export function installWasmTransposition(): void {
  installTransposition(wasmTransposedRows);
}
