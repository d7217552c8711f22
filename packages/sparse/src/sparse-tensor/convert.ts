/**
 * Conversion between any two formats (level types, level order, widths) of the same tensor,
 * the way MLIR's `sparse_tensor.convert` goes through a sorted coordinate list: the stored
 * entries are listed with their dimension coordinates, sorted for the target's level order by
 * stable counting sorts (one per level, innermost first; a pass that would not move anything
 * is skipped), and packed level by level. Linear in the number of entries plus the level
 * sizes. Stored zeros are dropped, as `fromDense` drops them.
 */
import { SparseStorageError } from './errors.js';
import { isCompressed, isUnique, type SparseFormat, type StorageWidth } from './format.js';
import { type IndexArray, maxIndexFor, readIndex, type ValueArray } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

/** The nonzero entries of some storage: per dimension a coordinate array, and the values. */
interface EntryList {
  readonly coordinates: readonly Float64Array[];
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
  const entries = listEntries(source);
  const levelSizes = target.order.map((d) => source.shape[d] as number);
  const levelCoordinates = target.order.map((d) => entries.coordinates[d] as Float64Array);
  const order = sortedOrder(levelCoordinates, levelSizes, entries.count);
  return pack(levelCoordinates, entries.values, order, target, levelSizes);
}

/** Lists the stored nonzero entries in storage order (a top-down expansion of the levels). */
function listEntries(source: ConvertSource): EntryList {
  const { format, shape } = source;
  const rank = format.levels.length;
  // Per level: the position of each node and the index of its parent node one level up.
  let positions = new Float64Array([0]);
  const parentOf: Int32Array[] = [];
  const crdOf: Float64Array[] = [];
  format.levels.forEach((lt, l) => {
    const size = shape[format.order[l] as number] as number;
    const n = positions.length;
    let total = 0;
    const pos = source.positions[l];
    const crd = source.coordinates[l];
    if (lt === 'dense') total = n * size;
    // Nodes enumerate every position of the level above, so their children are contiguous.
    else if (isCompressed(lt))
      total = readIndex(pos as IndexArray, n) - readIndex(pos as IndexArray, 0);
    else total = n;
    const nextPos = new Float64Array(total);
    const parent = new Int32Array(total);
    const coordinate = new Float64Array(total);
    let k = 0;
    for (let node = 0; node < n; node++) {
      const p = positions[node] as number;
      if (lt === 'dense') {
        for (let c = 0; c < size; c++, k++) {
          nextPos[k] = p * size + c;
          parent[k] = node;
          coordinate[k] = c;
        }
      } else if (isCompressed(lt)) {
        const hi = readIndex(pos as IndexArray, p + 1);
        for (let q = readIndex(pos as IndexArray, p); q < hi; q++, k++) {
          nextPos[k] = q;
          parent[k] = node;
          coordinate[k] = readIndex(crd as IndexArray, q);
        }
      } else {
        nextPos[k] = p;
        parent[k] = node;
        coordinate[k] = readIndex(crd as IndexArray, p);
        k++;
      }
    }
    positions = nextPos.subarray(0, k);
    parentOf.push(parent);
    crdOf.push(coordinate);
  });
  const kept: number[] = [];
  for (let node = 0; node < positions.length; node++) {
    if (source.values[positions[node] as number] !== 0) kept.push(node);
  }
  const count = kept.length;
  const coordinates = Array.from({ length: rank }, () => new Float64Array(count));
  const out = new (source.values.constructor as new (n: number) => ValueArray)(count);
  kept.forEach((leaf, e) => {
    out[e] = source.values[positions[leaf] as number] as number;
    let node = leaf;
    for (let l = rank - 1; l >= 0; l--) {
      (coordinates[format.order[l] as number] as Float64Array)[e] = (crdOf[l] as Float64Array)[
        node
      ] as number;
      node = (parentOf[l] as Int32Array)[node] as number;
    }
  });
  return { coordinates, values: out, count };
}

/**
 * The permutation that sorts the entries lexicographically by level coordinates: least
 * significant digit first, one stable counting sort per level.
 */
function sortedOrder(
  levelCoordinates: readonly Float64Array[],
  levelSizes: readonly number[],
  count: number,
): Int32Array {
  let order = new Int32Array(count);
  for (let e = 0; e < count; e++) order[e] = e;
  if (isSorted(levelCoordinates, order)) return order;
  let scratch = new Int32Array(count);
  for (let l = levelCoordinates.length - 1; l >= 0; l--) {
    const key = levelCoordinates[l] as Float64Array;
    const size = levelSizes[l] as number;
    const starts = new Float64Array(size + 1);
    for (let e = 0; e < count; e++) {
      const c = (key[e] as number) + 1;
      starts[c] = (starts[c] as number) + 1;
    }
    for (let c = 0; c < size; c++)
      starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
    for (let k = 0; k < count; k++) {
      const e = order[k] as number;
      const c = key[e] as number;
      scratch[starts[c] as number] = e;
      starts[c] = (starts[c] as number) + 1;
    }
    [order, scratch] = [scratch, order];
  }
  return order;
}

function isSorted(levelCoordinates: readonly Float64Array[], order: Int32Array): boolean {
  for (let k = 1; k < order.length; k++) {
    for (const key of levelCoordinates) {
      const d = (key[order[k] as number] as number) - (key[order[k - 1] as number] as number);
      if (d > 0) break;
      if (d < 0) return false;
    }
  }
  return true;
}

/** Packs sorted entries level by level into `format`'s storage. */
function pack(
  levelCoordinates: readonly Float64Array[],
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
      const key = levelCoordinates[l] as Float64Array;
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
    const crdLists: number[][] = Array.from({ length: end - l }, () => []);
    let n = 0;
    for (let k = 0; k < count; k++) {
      const e = order[k] as number;
      let fresh = k === 0 || at[k] !== at[k - 1];
      if (!fresh) {
        for (let g = l; g < end && !fresh; g++) {
          const key = levelCoordinates[g] as Float64Array;
          fresh = key[e] !== key[order[k - 1] as number];
        }
      }
      if (fresh) {
        for (let g = l; g < end; g++)
          (crdLists[g - l] as number[]).push((levelCoordinates[g] as Float64Array)[e] as number);
        starts[(at[k] as number) + 1] = (starts[(at[k] as number) + 1] as number) + 1;
        n++;
      }
      next[k] = n - 1;
    }
    for (let p = 0; p < parents; p++)
      starts[p + 1] = (starts[p + 1] as number) + (starts[p] as number);
    positions.push(typedIndexArray(format.posWidth, starts, `positions[${l}]`));
    coordinates.push(
      typedIndexArray(format.crdWidth, crdLists[0] as number[], `coordinates[${l}]`),
    );
    for (let g = l + 1; g < end; g++) {
      positions.push(undefined);
      coordinates.push(
        typedIndexArray(format.crdWidth, crdLists[g - l] as number[], `coordinates[${g}]`),
      );
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
