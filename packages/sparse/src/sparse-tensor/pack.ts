/**
 * Packing sorted entries into a format's level storage, level by level (MLIR's
 * `sparse_tensor.convert` from a sorted coordinate list): a dense level multiplies its parent
 * positions out, a compressed level (with the singleton levels sharing its positions) keeps
 * one coordinate per distinct tuple under each parent and counts them into positions.
 * Entries with equal coordinates land on one stored position, where their values are summed
 * in the order given.
 */
import { INT32_MAX } from '@tilekit/errors';
import { SparseStorageError } from './errors.js';
import { levelsOf, type SparseFormat, type StorageWidth } from './format.js';
import type { LevelFormat } from './levels/level-format.js';
import { type IndexArray, maxIndexFor, type ValueArray } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

/**
 * The most entries one storage array (positions, coordinates or values) holds: lengths and
 * positions stay 32-bit signed integers, as tfjs, WebGL and WebGPU index them, and a
 * tensor whose storage would pass it is a typed error before anything is allocated.
 */
export const MAX_STORAGE_LENGTH = INT32_MAX;

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
 * The storage of `count` entries sorted by level coordinates (`keys[l][k]`: the `k`-th
 * entry's coordinate at level `l`; ties in the order their values are to be summed) in
 * `format`. `values[order[k]]` is the `k`-th entry's value (`order` undefined: `values[k]`).
 * The key arrays are consumed: a compressed level's coordinates are compacted in place.
 */
export function packSorted(
  keys: readonly Float64Array[],
  levelSizes: readonly number[],
  format: SparseFormat,
  values: ValueArray,
  order: Int32Array | undefined,
): SparseStorage {
  const count = values.length;
  const rank = format.levels.length;
  // The stored position of each entry at the level packed last (the root's is 0).
  const slots = new Int32Array(count);
  let parents = 1;
  const positions: (IndexArray | undefined)[] = [];
  const coordinates: (IndexArray | undefined)[] = [];
  const levels = levelsOf(format);
  for (let l = 0; l < rank; ) {
    const level = levels[l] as LevelFormat;
    const size = levelSizes[l] as number;
    if (level.iteration === 'range') {
      parents *= size;
      checkLength('shape', `level ${l} (${level.spelling}) with ${parents} positions`, parents);
      const key = keys[l] as Float64Array;
      for (let k = 0; k < count; k++) slots[k] = (slots[k] as number) * size + (key[k] as number);
      positions.push(undefined);
      coordinates.push(undefined);
      l++;
      continue;
    }
    if (level.slotsPerParent !== undefined) {
      // A fixed number of coordinates under every parent, padded (structured[n, m]).
      const n = level.slotsPerParent;
      const padded = paddedGroups(keys[l] as Float64Array, slots, parents, n, size, level, l);
      positions.push(undefined);
      coordinates.push(indexArrayFrom(format.crdWidth, padded, `coordinates[${l}]`, size - 1));
      parents *= n;
      l++;
      continue;
    }
    // A level and the singleton levels sharing its segments (below a non-unique level).
    let end = l + 1;
    while (end < rank && !(levels[end - 1] as LevelFormat).unique) end++;
    if (level.iteration === 'parent') {
      // One coordinate tuple per parent position (ELL): the positions are the parents'.
      const tuples = onePerParent(keys, l, end, slots, parents, format, levelSizes);
      for (let g = l; g < end; g++) {
        positions.push(undefined);
        const bound = (levelSizes[g] as number) - 1;
        coordinates.push(
          indexArrayFrom(
            format.crdWidth,
            tuples[g - l] as Float64Array,
            `coordinates[${g}]`,
            bound,
          ),
        );
      }
      l = end;
      continue;
    }
    const length = level.positionsLength(parents);
    checkLength('shape', `positions[${l}] of ${length} entries`, length);
    const stored = compactLevels(keys, l, end, slots, parents);
    const levelPositions = level.positionsFromOffsets(stored.positions);
    positions.push(indexArrayFrom(format.posWidth, levelPositions, `positions[${l}]`, count));
    for (let g = l; g < end; g++) {
      if (g > l) positions.push(undefined);
      const list = (keys[g] as Float64Array).subarray(0, stored.count);
      const bound = (levelSizes[g] as number) - 1;
      coordinates.push(indexArrayFrom(format.crdWidth, list, `coordinates[${g}]`, bound));
    }
    parents = stored.count;
    l = end;
  }
  return { positions, coordinates, values: placedValues(values, order, slots, parents) };
}

/**
 * The coordinates of levels `[l, end)` when each parent position holds exactly one tuple (a
 * singleton level below a unique one): a parent with no entry is padded with coordinate 0 (its
 * value stays zero), a parent with two different tuples is a typed error naming the format
 * that holds them. The entries' slots stay their parents' positions.
 */
function onePerParent(
  keys: readonly Float64Array[],
  l: number,
  end: number,
  slots: Int32Array,
  parents: number,
  format: SparseFormat,
  levelSizes: readonly number[],
): Float64Array[] {
  checkLength('shape', `coordinates[${l}] of ${parents} entries`, parents);
  const otherFormat = (): string =>
    `[${format.levels.map((lt, m) => (m === l ? lt.replace('singleton', 'compressed') : lt)).join(', ')}]`;
  for (let g = l; g < end; g++) {
    if (parents > 0 && levelSizes[g] === 0) {
      throw new SparseStorageError(
        'shape',
        `level ${g} has size 0, so its ${parents} parent positions cannot hold one coordinate each; store the tensor as ${otherFormat()} instead`,
      );
    }
  }
  const tuples = Array.from({ length: end - l }, () => new Float64Array(parents));
  const filled = new Uint8Array(parents);
  for (let k = 0; k < slots.length; k++) {
    const s = slots[k] as number;
    for (let g = l; g < end; g++) {
      const c = (keys[g] as Float64Array)[k] as number;
      const into = tuples[g - l] as Float64Array;
      if (filled[s] === 1 && into[s] !== c) {
        throw new SparseStorageError(
          'format',
          `level ${l} (${format.levels[l]} below a unique level) holds one coordinate per parent position, but parent position ${s} has entries at coordinates ${into[s]} and ${c} of level ${g}; store the tensor as ${otherFormat()} instead`,
        );
      }
      into[s] = c;
    }
    filled[s] = 1;
  }
  return tuples;
}

/**
 * The coordinates of a level keeping exactly `n` of the `size` coordinates under each parent
 * (`structured[n, size]`): each parent's distinct coordinates, increasing, with the smallest
 * unused ones added where it has fewer than `n` (their values stay zero). More than `n` is a
 * typed error naming the level type. Each entry's slot becomes its stored position.
 */
function paddedGroups(
  key: Float64Array,
  slots: Int32Array,
  parents: number,
  n: number,
  size: number,
  level: LevelFormat,
  l: number,
): Float64Array {
  checkLength('shape', `coordinates[${l}] of ${parents * n} entries`, parents * n);
  const out = new Float64Array(parents * n);
  const group: number[] = [];
  const count = slots.length;
  let k = 0;
  for (let p = 0; p < parents; p++) {
    const first = k;
    group.length = 0;
    for (; k < count && slots[k] === p; k++) {
      const c = key[k] as number;
      if (group[group.length - 1] !== c) group.push(c);
    }
    if (group.length > n) {
      throw new SparseStorageError(
        'format',
        `level ${l} (${level.spelling}) stores at most ${n} entries of each group of ${size}, but group ${p} has ${group.length} (at offsets ${group.join(', ')}); prune it to ${n} or use a format without a ${level.name} level (e.g. 'CSR')`,
      );
    }
    for (let c = 0; group.length < n && c < size; c++) {
      if (!group.includes(c)) group.push(c);
    }
    group.sort((a, b) => a - b);
    group.forEach((c, t) => {
      out[p * n + t] = c;
    });
    for (let e = first; e < k; e++) slots[e] = p * n + group.indexOf(key[e] as number);
  }
  return out;
}

/**
 * Keeps one coordinate tuple of levels `[l, end)` per run of equal tuples under one parent
 * (compacted to the front of `keys[l..end)`), counts them per parent into positions, and
 * turns each entry's slot from its parent's position into its own stored position.
 */
function compactLevels(
  keys: readonly Float64Array[],
  l: number,
  end: number,
  slots: Int32Array,
  parents: number,
): { positions: Uint32Array; count: number } {
  const count = slots.length;
  const first = keys[l] as Float64Array;
  const counts = new Uint32Array(parents + 1);
  let n = 0;
  let previousSlot = -1;
  let previous = -1;
  for (let k = 0; k < count; k++) {
    const s = slots[k] as number;
    const c = first[k] as number;
    let fresh = s !== previousSlot || c !== previous;
    // Entry k - 1 is still in place here: compaction only writes below the entries read.
    for (let g = l + 1; g < end && !fresh; g++) {
      const key = keys[g] as Float64Array;
      fresh = key[k] !== key[k - 1];
    }
    previousSlot = s;
    previous = c;
    if (fresh) {
      for (let g = l + 1; g < end; g++) {
        const key = keys[g] as Float64Array;
        key[n] = key[k] as number;
      }
      first[n] = c;
      counts[s + 1] = (counts[s + 1] as number) + 1;
      n++;
    }
    slots[k] = n - 1;
  }
  for (let p = 0; p < parents; p++)
    counts[p + 1] = (counts[p + 1] as number) + (counts[p] as number);
  return { positions: counts, count: n };
}

/**
 * The values array of `stored` positions: each entry's value at its slot, later entries at
 * the same slot added (in the given order). The values move as the dtype's elements, so the
 * copy is exact (float32 stays float32, int64 bigints stay bigints).
 */
function placedValues(
  values: ValueArray,
  order: Int32Array | undefined,
  slots: Int32Array,
  stored: number,
): ValueArray {
  const out = new (values.constructor as new (n: number) => ValueArray)(stored);
  const to = out as unknown as { [i: number]: number };
  const from = values as unknown as { [i: number]: number };
  const count = slots.length;
  let previous = -1;
  for (let k = 0; k < count; k++) {
    const s = slots[k] as number;
    const e = order === undefined ? k : (order[k] as number);
    // Sorted, so equal coordinates are adjacent: the first stores, the others add.
    if (s === previous) to[s] = (to[s] as number) + (from[e] as number);
    else to[s] = from[e] as number;
    previous = s;
  }
  return out;
}

/**
 * A position/coordinate array of `width` holding `entries` (integers from 0). `bound` is an
 * upper bound of the entries known beforehand: when it fits the width nothing is scanned;
 * otherwise the first entry that does not fit is named. A 32-bit width takes a `Uint32Array`
 * as it is.
 */
export function indexArrayFrom(
  width: StorageWidth,
  entries: Float64Array | Uint32Array,
  argument: string,
  bound = Number.POSITIVE_INFINITY,
): IndexArray {
  const max = maxIndexFor(width);
  if (bound > max) {
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
  }
  const n = entries.length;
  switch (width) {
    case 8: {
      const out = new Uint8Array(n);
      out.set(entries);
      return out;
    }
    case 16: {
      const out = new Uint16Array(n);
      out.set(entries);
      return out;
    }
    case 32: {
      if (entries instanceof Uint32Array) return entries;
      const out = new Uint32Array(n);
      out.set(entries);
      return out;
    }
    case 64: {
      const out = new BigUint64Array(n);
      for (let k = 0; k < n; k++) out[k] = BigInt(entries[k] as number);
      return out;
    }
    case 'index': {
      const out = new BigInt64Array(n);
      for (let k = 0; k < n; k++) out[k] = BigInt(entries[k] as number);
      return out;
    }
  }
}
