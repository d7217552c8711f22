/**
 * Windows of stored tensors: per dimension a range `lo, lo + stride, …` below `hi`, re-based so
 * that the window's first element is at coordinate 0. A sparse tensor's window keeps its
 * format and every stored value in range (stored zeros included, so a kernel sees the pattern
 * the whole operand has there); it costs one pass over the stored entries. A dense array's
 * window is a strided copy, and a windowed output is written back by a strided store.
 */
import { listEntries, storageOfEntries } from './convert.js';
import { adoptStorage, type SparseTensor } from './sparse-tensor.js';
import type { ValueArray } from './storage-arrays.js';

/** A window of one dimension; `null` keeps the whole dimension. */
export interface DimensionWindow {
  readonly lo: number;
  readonly hi: number;
  readonly stride: number;
}

/** How many elements a window holds: `ceil((hi - lo) / stride)`, 0 for an empty range. */
export function windowLength(w: DimensionWindow): number {
  return w.hi <= w.lo ? 0 : Math.ceil((w.hi - w.lo) / w.stride);
}

/** The shape of the window `windows` (one entry per dimension) of a tensor of `shape`. */
export function windowShape(
  shape: readonly number[],
  windows: readonly (DimensionWindow | null)[],
): number[] {
  return shape.map((n, d) => {
    const w = windows[d];
    return w === null || w === undefined ? n : windowLength(w);
  });
}

/**
 * The window of `tensor` (bounds checked by the caller to lie inside its shape), in the same
 * format: the stored entries in range, coordinates re-based. Linear in the stored entries.
 */
export function windowOfTensor(
  tensor: SparseTensor,
  windows: readonly (DimensionWindow | null)[],
): SparseTensor {
  const shape = windowShape(tensor.shape, windows);
  const all = listEntries(tensor);
  const keep: number[] = [];
  for (let e = 0; e < all.count; e++) {
    let inside = true;
    for (let d = 0; d < windows.length && inside; d++) {
      const w = windows[d];
      if (w === null || w === undefined) continue;
      const c = (all.coordinates[d] as Float64Array | Int32Array)[e] as number;
      inside = c >= w.lo && c < w.hi && (c - w.lo) % w.stride === 0;
    }
    if (inside) keep.push(e);
  }
  const coordinates = all.coordinates.map((crd, d) => {
    const w = windows[d];
    const lo = w === null || w === undefined ? 0 : w.lo;
    const stride = w === null || w === undefined ? 1 : w.stride;
    return Float64Array.from(keep, (e) => ((crd[e] as number) - lo) / stride);
  });
  const values = new (all.values.constructor as new (n: number) => ValueArray)(keep.length);
  const to = values as unknown as { [k: number]: number };
  const from = all.values as unknown as { [k: number]: number };
  keep.forEach((e, k) => {
    to[k] = from[e] as number;
  });
  // Re-basing is monotone, so the kept entries stay in the format's storage order.
  const entries = { coordinates, values, count: keep.length };
  return adoptStorage(shape, tensor.format, storageOfEntries(entries, shape, tensor.format));
}

/**
 * Calls `visit(k, offset)` for each element of the window `windows` of a row-major array of
 * `shape` (bounds checked by the caller), in the window's own row-major order: `k` counts the
 * window's elements, `offset` is where element `k` lies in the whole array.
 */
function forEachWindowOffset(
  shape: readonly number[],
  windows: readonly (DimensionWindow | null)[],
  visit: (k: number, offset: number) => void,
): void {
  const outShape = windowShape(shape, windows);
  const size = outShape.reduce((a, b) => a * b, 1);
  if (size === 0) return;
  const rank = shape.length;
  const strides = new Array<number>(rank).fill(1);
  for (let d = rank - 2; d >= 0; d--) {
    strides[d] = (strides[d + 1] as number) * (shape[d + 1] as number);
  }
  const at = new Array<number>(rank).fill(0);
  for (let k = 0; k < size; k++) {
    let offset = 0;
    for (let d = 0; d < rank; d++) {
      const w = windows[d];
      const c =
        w === null || w === undefined ? (at[d] as number) : w.lo + (at[d] as number) * w.stride;
      offset += c * (strides[d] as number);
    }
    visit(k, offset);
    // Next index of the window, row-major.
    for (let d = rank - 1; d >= 0; d--) {
      at[d] = (at[d] as number) + 1;
      if ((at[d] as number) < (outShape[d] as number)) break;
      at[d] = 0;
    }
  }
}

/**
 * The window of row-major `data` of `shape` (bounds checked by the caller), as a new row-major
 * array of the same type.
 */
export function windowOfDense<A extends ArrayLike<number | bigint>>(
  data: A,
  shape: readonly number[],
  windows: readonly (DimensionWindow | null)[],
): A {
  const size = windowShape(shape, windows).reduce((a, b) => a * b, 1);
  const out = new (data.constructor as new (n: number) => A)(size);
  const to = out as unknown as { [k: number]: number | bigint };
  const from = data as unknown as { [k: number]: number | bigint };
  forEachWindowOffset(shape, windows, (k, offset) => {
    to[k] = from[offset] as number | bigint;
  });
  return out;
}

/**
 * Writes row-major `window` (of the window's shape) into the window `windows` of row-major
 * `data` of `shape` (bounds checked by the caller); the elements outside it are left as they are.
 */
export function writeDenseWindow<A extends ArrayLike<number | bigint>>(
  data: A,
  shape: readonly number[],
  windows: readonly (DimensionWindow | null)[],
  window: A,
): void {
  const to = data as unknown as { [k: number]: number | bigint };
  const from = window as unknown as { [k: number]: number | bigint };
  forEachWindowOffset(shape, windows, (k, offset) => {
    to[offset] = from[k] as number | bigint;
  });
}
