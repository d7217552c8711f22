/**
 * Conversion between any two formats (level types, level order, widths) of the same tensor,
 * the way MLIR's `sparse_tensor.convert` goes through a sorted coordinate list: the stored
 * entries are listed with their dimension coordinates, sorted for the target's level order by
 * stable counting sorts (one per level, innermost first; a pass that would not move anything
 * is skipped), and packed level by level. Linear in the number of entries plus the level
 * sizes. Stored zeros are dropped, as `fromDense` drops them.
 */
import { SparseStorageError } from './errors.js';
import { isUnique, type SparseFormat, type StorageWidth } from './format.js';
import { type IndexArray, maxIndexFor, type ValueArray } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

/** The nonzero entries of some storage: per dimension a coordinate array, and the values. */
interface EntryList {
  readonly coordinates: readonly Int32Array[];
  readonly values: ValueArray;
  readonly count: number;
}

/** What conversion reads of a source tensor. */
export interface ConvertSource {
  readonly shape: readonly number[];
  readonly format: SparseFormat;
  readonly positions: readonly (IndexArray | undefined)[];
  readonly coordinates: readonly (IndexArray | undefined)[];
  readonly values: ValueArray;
}

/** The storage of `source`'s tensor in `target` (a resolved format of the same rank). */
export function convertStorage(source: ConvertSource, target: SparseFormat): SparseStorage {
  if (isTransposition(source.format, target)) return transpose(source, target);
  const entries = listEntries(source);
  const levelSizes = target.order.map((d) => source.shape[d] as number);
  const levelCoordinates = target.order.map((d) => entries.coordinates[d] as Int32Array);
  const order = sortedOrder(levelCoordinates, levelSizes, entries.count);
  return pack(levelCoordinates, entries.values, order, target, levelSizes);
}

/** `[dense, compressed]` to `[dense, compressed]` in the other level order (CSR <-> CSC). */
function isTransposition(from: SparseFormat, to: SparseFormat): boolean {
  const csrLike = (f: SparseFormat) =>
    f.levels.length === 2 && f.levels[0] === 'dense' && f.levels[1] === 'compressed';
  return csrLike(from) && csrLike(to) && from.order[0] === to.order[1];
}

/**
 * The classic two-pass transposition (the sorts above collapse to it): count the entries per
 * column, then scatter each row's entries to its columns' segments, rows in order, so every
 * segment comes out sorted.
 */
function transpose(source: ConvertSource, target: SparseFormat): SparseStorage {
  const rows = source.shape[source.format.order[0] as number] as number;
  const cols = source.shape[target.order[0] as number] as number;
  const pos = int32Of(source.positions[1] as IndexArray);
  const crd = int32Of(source.coordinates[1] as IndexArray);
  const { values } = source;
  const zero = values instanceof BigInt64Array ? 0n : 0;
  const starts = new Int32Array(cols + 1);
  const end = pos[rows] as number;
  for (let q = pos[0] as number; q < end; q++) {
    if (values[q] !== zero) {
      const c = (crd[q] as number) + 1;
      starts[c] = (starts[c] as number) + 1;
    }
  }
  for (let c = 0; c < cols; c++) starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
  const positions = typedIndexArray(target.posWidth, starts, 'positions[1]');
  const rowOf = new Int32Array(starts[cols] as number);
  const out = new (values.constructor as new (n: number) => ValueArray)(starts[cols] as number);
  for (let r = 0; r < rows; r++) {
    const hi = pos[r + 1] as number;
    for (let q = pos[r] as number; q < hi; q++) {
      if (values[q] === zero) continue;
      const c = crd[q] as number;
      const at = starts[c] as number;
      rowOf[at] = r;
      out[at] = values[q] as number;
      starts[c] = at + 1;
    }
  }
  return {
    positions: [undefined, positions],
    coordinates: [undefined, typedIndexArray(target.crdWidth, rowOf, 'coordinates[1]')],
    values: out,
  };
}

/** Reads an index array into an Int32Array (level sizes and counts fit 31 bits here). */
function int32Of(array: IndexArray): Int32Array {
  if (array instanceof BigUint64Array || array instanceof BigInt64Array) {
    return Int32Array.from(array, (x) => Number(x));
  }
  return Int32Array.from(array);
}

/**
 * Lists the stored nonzero entries in storage order: a top-down expansion of the levels that
 * records, per node, its position and its parent node, then walks each leaf's parents.
 */
function listEntries(source: ConvertSource): EntryList {
  const { format, shape } = source;
  const rank = format.levels.length;
  let positions = new Int32Array(1);
  const parentOf: Int32Array[] = [];
  const crdOf: Int32Array[] = [];
  format.levels.forEach((lt, l) => {
    const size = shape[format.order[l] as number] as number;
    const n = positions.length;
    const pos =
      source.positions[l] === undefined ? undefined : int32Of(source.positions[l] as IndexArray);
    const crd =
      source.coordinates[l] === undefined
        ? undefined
        : int32Of(source.coordinates[l] as IndexArray);
    // Nodes enumerate every position of the level above, so their children are contiguous.
    const total =
      lt === 'dense' ? n * size : pos !== undefined ? (pos[n] as number) - (pos[0] as number) : n;
    const nextPos = new Int32Array(total);
    const parent = new Int32Array(total);
    const coordinate = new Int32Array(total);
    let k = 0;
    for (let node = 0; node < n; node++) {
      const p = positions[node] as number;
      if (lt === 'dense') {
        for (let c = 0; c < size; c++, k++) {
          nextPos[k] = p * size + c;
          parent[k] = node;
          coordinate[k] = c;
        }
      } else if (pos !== undefined) {
        const hi = pos[p + 1] as number;
        for (let q = pos[p] as number; q < hi; q++, k++) {
          nextPos[k] = q;
          parent[k] = node;
          coordinate[k] = (crd as Int32Array)[q] as number;
        }
      } else {
        nextPos[k] = p;
        parent[k] = node;
        coordinate[k] = (crd as Int32Array)[p] as number;
        k++;
      }
    }
    positions = nextPos;
    parentOf.push(parent);
    crdOf.push(coordinate);
  });
  const { values } = source;
  const zero = values instanceof BigInt64Array ? 0n : 0;
  const leaves = new Int32Array(positions.length);
  let count = 0;
  for (let node = 0; node < positions.length; node++) {
    if (values[positions[node] as number] !== zero) leaves[count++] = node;
  }
  const coordinates = Array.from({ length: rank }, () => new Int32Array(count));
  const out = new (values.constructor as new (n: number) => ValueArray)(count);
  for (let e = 0; e < count; e++)
    out[e] = values[positions[leaves[e] as number] as number] as number;
  // Per level, from the leaves up: each entry's coordinate, then its parent node.
  const node = leaves.subarray(0, count);
  for (let l = rank - 1; l >= 0; l--) {
    const crd = crdOf[l] as Int32Array;
    const parent = parentOf[l] as Int32Array;
    const into = coordinates[format.order[l] as number] as Int32Array;
    for (let e = 0; e < count; e++) {
      const at = node[e] as number;
      into[e] = crd[at] as number;
      node[e] = parent[at] as number;
    }
  }
  return { coordinates, values: out, count };
}

/**
 * The permutation that sorts the entries lexicographically by level coordinates: least
 * significant level first, one stable counting sort per level, skipping a level whose
 * coordinates are already in order (a stable sort would not move anything).
 */
function sortedOrder(
  levelCoordinates: readonly Int32Array[],
  levelSizes: readonly number[],
  count: number,
): Int32Array {
  let order = new Int32Array(count);
  for (let e = 0; e < count; e++) order[e] = e;
  let scratch = new Int32Array(count);
  for (let l = levelCoordinates.length - 1; l >= 0; l--) {
    const key = levelCoordinates[l] as Int32Array;
    if (inOrder(key, order)) continue;
    const size = levelSizes[l] as number;
    const starts = new Int32Array(size + 1);
    for (let e = 0; e < count; e++) {
      const c = (key[e] as number) + 1;
      starts[c] = (starts[c] as number) + 1;
    }
    for (let c = 0; c < size; c++)
      starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
    for (let k = 0; k < count; k++) {
      const e = order[k] as number;
      const c = key[e] as number;
      const to = starts[c] as number;
      scratch[to] = e;
      starts[c] = to + 1;
    }
    [order, scratch] = [scratch, order];
  }
  return order;
}

function inOrder(key: Int32Array, order: Int32Array): boolean {
  for (let k = 1; k < order.length; k++) {
    if ((key[order[k] as number] as number) < (key[order[k - 1] as number] as number)) return false;
  }
  return true;
}

/** Packs sorted entries level by level into `format`'s storage. */
function pack(
  levelCoordinates: readonly Int32Array[],
  values: ValueArray,
  order: Int32Array,
  format: SparseFormat,
  levelSizes: readonly number[],
): SparseStorage {
  const rank = format.levels.length;
  const count = order.length;
  // The position of each entry (in sorted order) at the level just packed.
  let at = new Float64Array(count);
  let parents = 1;
  const positions: (IndexArray | undefined)[] = [];
  const coordinates: (IndexArray | undefined)[] = [];
  for (let l = 0; l < rank; ) {
    const lt = format.levels[l];
    const size = levelSizes[l] as number;
    if (lt === 'dense') {
      const key = levelCoordinates[l] as Int32Array;
      for (let k = 0; k < count; k++)
        at[k] = (at[k] as number) * size + (key[order[k] as number] as number);
      parents *= size;
      positions.push(undefined);
      coordinates.push(undefined);
      l++;
      continue;
    }
    // A compressed level and the singleton levels sharing its positions.
    let end = l + 1;
    if (lt !== undefined && !isUnique(lt)) {
      while (end < rank && format.levels[end]?.startsWith('singleton')) end++;
    }
    const next = new Float64Array(count);
    const starts = new Float64Array(parents + 1);
    const crds = Array.from({ length: end - l }, () => new Int32Array(count));
    let n = 0;
    for (let k = 0; k < count; k++) {
      const e = order[k] as number;
      let fresh = k === 0 || at[k] !== at[k - 1];
      for (let g = l; g < end && !fresh; g++) {
        const key = levelCoordinates[g] as Int32Array;
        fresh = key[e] !== key[order[k - 1] as number];
      }
      if (fresh) {
        for (let g = l; g < end; g++) {
          (crds[g - l] as Int32Array)[n] = (levelCoordinates[g] as Int32Array)[e] as number;
        }
        const parent = (at[k] as number) + 1;
        starts[parent] = (starts[parent] as number) + 1;
        n++;
      }
      next[k] = n - 1;
    }
    for (let p = 0; p < parents; p++)
      starts[p + 1] = (starts[p + 1] as number) + (starts[p] as number);
    positions.push(typedIndexArray(format.posWidth, starts, `positions[${l}]`));
    for (let g = l; g < end; g++) {
      if (g > l) positions.push(undefined);
      const list = (crds[g - l] as Int32Array).subarray(0, n);
      coordinates.push(typedIndexArray(format.crdWidth, list, `coordinates[${g}]`));
    }
    at = next;
    parents = n;
    l = end;
  }
  const out = new (values.constructor as new (n: number) => ValueArray)(parents);
  for (let k = 0; k < count; k++) out[at[k] as number] = values[order[k] as number] as number;
  return { positions, coordinates, values: out };
}

/** A position/coordinate array of `width` holding `entries`, each checked to fit. */
function typedIndexArray(
  width: StorageWidth,
  entries: ArrayLike<number>,
  argument: string,
): IndexArray {
  const max = maxIndexFor(width);
  let largest = 0;
  for (let k = 0; k < entries.length; k++) largest = Math.max(largest, entries[k] as number);
  if (largest > max) {
    throw new SparseStorageError(
      argument,
      `${largest} does not fit a ${width === 'index' ? 'index' : `${width}-bit`} array (max ${max})`,
    );
  }
  switch (width) {
    case 8:
      return Uint8Array.from(entries);
    case 16:
      return Uint16Array.from(entries);
    case 32:
      return Uint32Array.from(entries);
    case 64:
      return BigUint64Array.from(Array.from(entries), BigInt);
    case 'index':
      return BigInt64Array.from(Array.from(entries), BigInt);
  }
}
