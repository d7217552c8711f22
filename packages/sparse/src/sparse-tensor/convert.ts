/**
 * Conversion between any two formats (level types, level order, widths) of the same tensor,
 * the way MLIR's `sparse_tensor.convert` goes through a sorted coordinate list: the stored
 * entries are listed with their dimension coordinates, sorted for the target's level order by
 * stable sorts (one per level, innermost first; a pass that would not move anything is
 * skipped), and packed level by level. Linear in the number of entries plus the level sizes.
 *
 * Every stored value is kept, stored zeros included: a kernel that iterates a converted copy
 * of an operand must see the same pattern it would see in the caller's format (`0 / 0` is NaN
 * at a stored zero, nothing where no entry is stored), as scipy's `tocsr`/`tocsc` keep
 * explicit zeros. Entries with the same coordinates are summed (scipy's `sum_duplicates`,
 * torch's `coalesce`): the one rule for duplicates, shared by every constructor.
 */
import { INT32_MAX } from '@tilekit/errors';
import { SparseStorageError } from './errors.js';
import {
  isCompressed,
  isSingleton,
  isUnique,
  type SparseFormat,
  type StorageWidth,
} from './format.js';
import { type IndexArray, maxIndexFor, numbersOf, type ValueArray } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

/**
 * The most entries one storage array (positions, coordinates or values) holds: lengths and
 * positions stay 32-bit signed integers, as tfjs, WebGL and WebGPU index them, and a
 * tensor whose storage would pass it is a typed error before anything is allocated.
 */
export const MAX_STORAGE_LENGTH = INT32_MAX;

/**
 * Stored entries in some order: per dimension a coordinate array (`Float64Array`: a level
 * may hold up to 2^53 coordinates), and the values.
 */
export interface EntryList {
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
  if (isTransposition(source.format, target)) return transpose(source, target);
  return storageOfEntries(listEntries(source), source.shape, target);
}

/**
 * Packs `entries` (any order, duplicates allowed) into `target`'s storage for a tensor of
 * `shape`: sorted for the target's level order, duplicates summed.
 */
export function storageOfEntries(
  entries: EntryList,
  shape: readonly number[],
  target: SparseFormat,
): SparseStorage {
  const levelSizes = target.order.map((d) => shape[d] as number);
  const levelCoordinates = target.order.map((d) => entries.coordinates[d] as Float64Array);
  const order = sortedOrder(levelCoordinates, levelSizes, entries.count);
  return pack(levelCoordinates, entries.values, order, target, levelSizes);
}

/** `entries` without the ones whose value is zero. */
export function nonzeroEntries(entries: EntryList): EntryList {
  const { values } = entries;
  const zero = values instanceof BigInt64Array ? 0n : 0;
  const keep: number[] = [];
  for (let e = 0; e < entries.count; e++) if (values[e] !== zero) keep.push(e);
  const out = new (values.constructor as new (n: number) => ValueArray)(keep.length);
  keep.forEach((e, k) => {
    out[k] = values[e] as number;
  });
  return {
    coordinates: entries.coordinates.map((c) => Float64Array.from(keep, (e) => c[e] as number)),
    values: out,
    count: keep.length,
  };
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
 * segment comes out sorted. The source is canonical (every `SparseTensor` is).
 */
function transpose(source: ConvertSource, target: SparseFormat): SparseStorage {
  const rows = source.shape[source.format.order[0] as number] as number;
  const cols = source.shape[target.order[0] as number] as number;
  checkLength('shape', `positions[1] of ${cols + 1} entries`, cols + 1);
  const pos = numbersOf(source.positions[1] as IndexArray);
  const crd = numbersOf(source.coordinates[1] as IndexArray);
  const { values } = source;
  const starts = new Uint32Array(cols + 1);
  const end = pos[rows] as number;
  for (let q = pos[0] as number; q < end; q++) {
    const c = (crd[q] as number) + 1;
    starts[c] = (starts[c] as number) + 1;
  }
  for (let c = 0; c < cols; c++) starts[c + 1] = (starts[c + 1] as number) + (starts[c] as number);
  // A copy: the scatter below advances `starts`.
  const positions = indexArrayFrom(target.posWidth, starts.slice(), 'positions[1]');
  const rowOf = new Uint32Array(end);
  const out = new (values.constructor as new (n: number) => ValueArray)(end);
  for (let r = 0; r < rows; r++) {
    const hi = pos[r + 1] as number;
    for (let q = pos[r] as number; q < hi; q++) {
      const c = crd[q] as number;
      const at = starts[c] as number;
      rowOf[at] = r;
      out[at] = values[q] as number;
      starts[c] = at + 1;
    }
  }
  return {
    positions: [undefined, positions],
    coordinates: [undefined, indexArrayFrom(target.crdWidth, rowOf, 'coordinates[1]')],
    values: out,
  };
}

/** For each position of a compressed level, the parent position whose segment holds it. */
function parentsOf(pos: ArrayLike<number>): Int32Array {
  const parents = pos.length - 1;
  const parent = new Int32Array(pos[parents] as number);
  for (let p = 0; p < parents; p++) {
    const hi = pos[p + 1] as number;
    for (let q = pos[p] as number; q < hi; q++) parent[q] = p;
  }
  return parent;
}

/**
 * Lists every stored value (stored zeros and a dense level's fill included) in storage order
 * with its dimension coordinates: each stored position of the last level is walked up to the
 * root, a dense level's coordinate and parent computed from the position, a compressed
 * level's read from its coordinates and its positions' segments.
 */
export function listEntries(source: ConvertSource): EntryList {
  const { format, shape, values } = source;
  const count = values.length;
  const coordinates = format.order.map(() => new Float64Array(count));
  const node = new Float64Array(count);
  for (let e = 0; e < count; e++) node[e] = e;
  for (let l = format.levels.length - 1; l >= 0; l--) {
    const lt = format.levels[l] as SparseFormat['levels'][number];
    const into = coordinates[format.order[l] as number] as Float64Array;
    if (lt === 'dense') {
      const size = shape[format.order[l] as number] as number;
      for (let e = 0; e < count; e++) {
        const q = node[e] as number;
        const c = q % size;
        into[e] = c;
        node[e] = (q - c) / size;
      }
      continue;
    }
    const crd = numbersOf(source.coordinates[l] as IndexArray);
    const parent = isCompressed(lt)
      ? parentsOf(numbersOf(source.positions[l] as IndexArray))
      : undefined;
    for (let e = 0; e < count; e++) {
      const q = node[e] as number;
      into[e] = crd[q] as number;
      if (parent !== undefined) node[e] = parent[q] as number;
    }
  }
  return { coordinates, values, count };
}

/**
 * The permutation that sorts the entries lexicographically by level coordinates: least
 * significant level first, one stable sort per level (a counting sort where the level is no
 * larger than a few times the entries, a comparison sort on a level of up to 2^53
 * coordinates), skipping a level whose coordinates are already in order.
 */
function sortedOrder(
  levelCoordinates: readonly Float64Array[],
  levelSizes: readonly number[],
  count: number,
): Int32Array {
  let order = new Int32Array(count);
  for (let e = 0; e < count; e++) order[e] = e;
  let scratch = new Int32Array(count);
  for (let l = levelCoordinates.length - 1; l >= 0; l--) {
    const key = levelCoordinates[l] as Float64Array;
    if (inOrder(key, order)) continue;
    const size = levelSizes[l] as number;
    if (size > 4 * count + 1024) {
      // Array.prototype.sort is stable.
      order = Int32Array.from(
        Array.from(order).sort((a, b) => (key[a] as number) - (key[b] as number)),
      );
      continue;
    }
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

function inOrder(key: Float64Array, order: Int32Array): boolean {
  for (let k = 1; k < order.length; k++) {
    if ((key[order[k] as number] as number) < (key[order[k - 1] as number] as number)) return false;
  }
  return true;
}

/**
 * Packs sorted entries level by level into `format`'s storage; entries whose coordinates are
 * all equal land on one stored position and their values are summed there.
 */
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
      checkLength('shape', `level ${l} (dense) with ${parents} positions`, parents);
      positions.push(undefined);
      coordinates.push(undefined);
      l++;
      continue;
    }
    // A compressed level and the singleton levels sharing its positions.
    let end = l + 1;
    if (lt !== undefined && !isUnique(lt)) {
      while (end < rank && isSingleton(format.levels[end] as SparseFormat['levels'][number])) end++;
    }
    checkLength('shape', `positions[${l}] of ${parents + 1} entries`, parents + 1);
    const next = new Float64Array(count);
    const starts = new Uint32Array(parents + 1);
    const crds = Array.from({ length: end - l }, () => new Float64Array(count));
    let n = 0;
    for (let k = 0; k < count; k++) {
      const e = order[k] as number;
      let fresh = k === 0 || at[k] !== at[k - 1];
      for (let g = l; g < end && !fresh; g++) {
        const key = levelCoordinates[g] as Float64Array;
        fresh = key[e] !== key[order[k - 1] as number];
      }
      if (fresh) {
        for (let g = l; g < end; g++) {
          (crds[g - l] as Float64Array)[n] = (levelCoordinates[g] as Float64Array)[e] as number;
        }
        const parent = (at[k] as number) + 1;
        starts[parent] = (starts[parent] as number) + 1;
        n++;
      }
      next[k] = n - 1;
    }
    for (let p = 0; p < parents; p++)
      starts[p + 1] = (starts[p + 1] as number) + (starts[p] as number);
    positions.push(indexArrayFrom(format.posWidth, starts, `positions[${l}]`));
    for (let g = l; g < end; g++) {
      if (g > l) positions.push(undefined);
      const list = (crds[g - l] as Float64Array).subarray(0, n);
      coordinates.push(indexArrayFrom(format.crdWidth, list, `coordinates[${g}]`));
    }
    at = next;
    parents = n;
    l = end;
  }
  const out = new (values.constructor as new (n: number) => ValueArray)(parents);
  const sum = out as unknown as { [i: number]: number };
  for (let k = 0; k < count; k++) {
    const p = at[k] as number;
    const v = values[order[k] as number] as number;
    // Sorted, so equal coordinates are adjacent: the first stores, the others add.
    if (k > 0 && at[k - 1] === p) sum[p] = (sum[p] as number) + v;
    else sum[p] = v;
  }
  return { positions, coordinates, values: out };
}

/** Throws when a storage array would need more than {@link MAX_STORAGE_LENGTH} entries. */
export function checkLength(argument: string, what: string, length: number): void {
  if (length > MAX_STORAGE_LENGTH) {
    throw new SparseStorageError(
      argument,
      `the storage needs ${what}, more than the ${MAX_STORAGE_LENGTH} entries one storage array holds`,
    );
  }
}

/**
 * A position/coordinate array of `width` holding `entries`, each checked to fit (the first
 * that does not is named). A 32-bit width takes a `Uint32Array` as it is.
 */
export function indexArrayFrom(
  width: StorageWidth,
  entries: ArrayLike<number>,
  argument: string,
): IndexArray {
  const max = maxIndexFor(width);
  for (let k = 0; k < entries.length; k++) {
    const e = entries[k] as number;
    if (e > max) {
      throw new SparseStorageError(
        argument,
        `${e} does not fit a ${width === 'index' ? 'index' : `${width}-bit`} array (max ${max})`,
        k,
      );
    }
  }
  switch (width) {
    case 8:
      return Uint8Array.from(entries);
    case 16:
      return Uint16Array.from(entries);
    case 32:
      return entries instanceof Uint32Array ? entries : Uint32Array.from(entries);
    case 64:
      return BigUint64Array.from(Array.from(entries), BigInt);
    case 'index':
      return BigInt64Array.from(Array.from(entries), BigInt);
  }
}
