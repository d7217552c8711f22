/**
 * Formats of any rank that keep one stored value per entry (CSF, COO and everything between:
 * compressed and singleton levels, unique or not, below an optional dense root), read and
 * packed on 32-bit arrays where every level size fits them:
 * - between two such formats of one level order, conversion sorts nothing: both keep the
 *   entries lexicographically sorted by level coordinates, so the target stores the source's
 *   values in the source's order (the array is shared, as row-forms.ts shares it between
 *   matrix formats) and only the levels change form;
 * - in another level order, one stable sort of the entries' 32-bit level coordinates
 *   (entry-order.ts) comes between reading and packing;
 * - built from coordinate lists, the same sort, and repeated coordinates summed first to last.
 *
 * Reading walks each stored position up to its parent once per level (a mark at each segment
 * end and a running count of the marks passed, no branch per entry). Packing keeps, per level
 * group of the target (a positions level, with the levels below a non-unique one sharing its
 * positions), one coordinate tuple per node: a node starts where an entry's coordinates first
 * differ from its predecessor's above the group's end. Where the target stores a coordinate
 * per entry (COO's levels), the entries' coordinate array is the level's.
 */
import { sortEntries } from './entry-order.js';
import { levelSizesOf, levelsOf, type SparseFormat } from './format.js';
import type { LevelFormat } from './levels/level-format.js';
import { checkLength, indexArrayFrom } from './pack.js';
import { type IndexArray, numbersOf, type ValueArray } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

/** What a conversion reads of a (canonical) source tensor. */
export interface EntryLevelSource extends SparseStorage {
  readonly shape: readonly number[];
  readonly format: SparseFormat;
}

/** The largest level size whose coordinates fit 32 bits unsigned. */
const MAX_32_BIT_LEVEL = 2 ** 32;

/**
 * Whether `format` keeps one stored value per entry in levels walked here: a dense level only
 * at the root (below it a dense level would store fill that is no entry), compressed levels
 * with contiguous segments (`loose` ones only as a target, where the segments are made), and
 * singleton levels, which as a target must sit below a non-unique level (one coordinate per
 * entry; below a unique level they hold one tuple per parent, which the sorting path checks).
 * Rank 2 and up: at rank 1 a dense level would be the last one, which stores fill.
 */
function isEntryFormat(format: SparseFormat, asTarget: boolean): boolean {
  if (format.expressions !== undefined || format.levels.length < 2) return false;
  const levels = levelsOf(format);
  return levels.every((level, l) => {
    if (level.slotsPerParent !== undefined) return false;
    if (level.iteration === 'range') return l === 0;
    if (level.iteration === 'parent') {
      return !asTarget || (l > 0 && !(levels[l - 1] as LevelFormat).unique);
    }
    return asTarget || level.endsInPositions?.stride === 1;
  });
}

/** `target`'s level sizes for `shape` when every one fits 32-bit coordinates, else `undefined`. */
function sizesFitting32(shape: readonly number[], target: SparseFormat): number[] | undefined {
  const sizes = levelSizesOf(shape, target);
  return sizes.every((size) => size <= MAX_32_BIT_LEVEL) ? sizes : undefined;
}

/**
 * `source`'s storage in `target` when both keep one value per entry (see
 * {@link isEntryFormat}) and fit 32-bit coordinates, else `undefined` (the caller takes the
 * general path): without a sort where the level order is the same, else with one.
 */
export function entryLevelConversion(
  source: EntryLevelSource,
  target: SparseFormat,
): SparseStorage | undefined {
  if (target.levels.length !== source.format.levels.length) return undefined;
  if (!isEntryFormat(source.format, false) || !isEntryFormat(target, true)) return undefined;
  const sizes = sizesFitting32(source.shape, target);
  if (sizes === undefined) return undefined;
  const entries = entryCoordinates(source);
  const { order } = source.format;
  if (target.order.every((d, l) => order[l] === d)) {
    return packedInOrder(entries, sizes, target, source.values, undefined, true);
  }
  // Each target level's coordinates are those of the source level storing its dimension.
  const keys = target.order.map((d) => entries[order.indexOf(d)] as Uint32Array);
  const sorted = sortEntries(keys, sizes, source.values.length);
  if (sorted.order === undefined) {
    // Already in the new order (no entries, a diagonal): arrays are shared only level for
    // level between formats of one level order, so these are copied.
    const copies = sorted.keys.map((key) => key.slice());
    return packedInOrder(copies, sizes, target, source.values.slice(), undefined, true);
  }
  return packedInOrder(sorted.keys, sizes, target, source.values, sorted.order, true);
}

/**
 * The storage in `target` of `count` entries (`coordinates[d][e]`: entry `e`'s coordinate in
 * dimension `d`, any order, repeats allowed and summed first to last; `values[e]` its value)
 * of a tensor of `shape`, when `target` keeps one value per entry (see {@link isEntryFormat})
 * and fits 32-bit coordinates, else `undefined`. The coordinate arrays are the caller's to
 * give away (they may become the storage's); the values are only read.
 */
export function entryLevelStorageOfEntries(
  coordinates: readonly (Float64Array | Int32Array)[],
  values: ValueArray,
  count: number,
  shape: readonly number[],
  target: SparseFormat,
): SparseStorage | undefined {
  if (!isEntryFormat(target, true)) return undefined;
  const sizes = sizesFitting32(shape, target);
  if (sizes === undefined) return undefined;
  const keys = target.order.map((d) =>
    uint32Coordinates(coordinates[d] as Float64Array | Int32Array),
  );
  const sorted = sortEntries(keys, sizes, count);
  return packedInOrder(sorted.keys, sizes, target, values, sorted.order, false);
}

/** Coordinates (integers from 0 below 2^32) as a 32-bit unsigned array: a view of 32-bit ones. */
function uint32Coordinates(coordinates: Float64Array | Int32Array): Uint32Array {
  if (coordinates instanceof Int32Array) {
    return new Uint32Array(coordinates.buffer, coordinates.byteOffset, coordinates.length);
  }
  return Uint32Array.from(coordinates);
}

/** A position or coordinate array as 32-bit unsigned integers (itself when it is one). */
function uint32Of(array: IndexArray): Uint32Array {
  return array instanceof Uint32Array ? array : Uint32Array.from(numbersOf(array));
}

/**
 * Each stored entry's coordinate at every level, in storage order (`[l][k]`): the source's
 * own coordinate array where the level stores one per entry.
 */
function entryCoordinates(source: EntryLevelSource): Uint32Array[] {
  const count = source.values.length;
  const levels = levelsOf(source.format);
  const out = new Array<Uint32Array>(levels.length);
  // Each entry's position at the level walked last; `undefined` while that is the entry itself.
  let node: Uint32Array | undefined;
  for (let l = levels.length - 1; l >= 0; l--) {
    const level = levels[l] as LevelFormat;
    if (level.iteration === 'range') {
      // The root (see `isEntryFormat`): a position is its coordinate.
      out[l] = node ?? Uint32Array.from({ length: count }, (_, k) => k);
      continue;
    }
    const stored = uint32Of(source.coordinates[l] as IndexArray);
    if (level.iteration !== 'positions' || l === 0) {
      out[l] = node === undefined ? stored : gathered(stored, node);
      continue;
    }
    const parent = parentOfEachPosition(uint32Of(source.positions[l] as IndexArray));
    if (node === undefined) {
      out[l] = stored;
      node = parent.subarray(0, count);
      continue;
    }
    // One pass reads each entry's coordinate and steps it up to its parent.
    const coordinates = new Uint32Array(count);
    for (let k = 0; k < count; k++) {
      const q = node[k] as number;
      coordinates[k] = stored[q] as number;
      node[k] = parent[q] as number;
    }
    out[l] = coordinates;
  }
  return out;
}

function gathered(array: Uint32Array, at: Uint32Array): Uint32Array {
  const out = new Uint32Array(at.length);
  for (let k = 0; k < at.length; k++) out[k] = array[at[k] as number] as number;
  return out;
}

/**
 * The parent of each stored position of a level (`positions[p + 1]` ends parent `p`'s
 * segment, the segments contiguous), without a branch per position: each segment end is
 * marked, and a running count of the marks passed is the parent.
 */
function parentOfEachPosition(positions: Uint32Array): Uint32Array {
  const stored = positions[positions.length - 1] as number;
  const parent = new Uint32Array(stored + 1);
  for (let p = 1; p < positions.length; p++) {
    const end = positions[p] as number;
    parent[end] = (parent[end] as number) + 1;
  }
  let passed = 0;
  for (let q = 0; q < stored; q++) {
    passed += parent[q] as number;
    parent[q] = passed;
  }
  return parent;
}

/**
 * The target's storage of entries sorted by level coordinates (`coordinates[l][k]`, at the
 * target's levels), the `k`-th entry's value being `values[order[k]]` (`order` undefined:
 * `values[k]`): level groups as the sorting path packs them (a positions level and the levels
 * below a non-unique one sharing its positions), each keeping a node per distinct tuple of the
 * coordinates down to the group's end. `distinct` says no two entries share coordinates (a
 * tensor's entries: its values array is then kept as it is where the order is unchanged);
 * otherwise equal entries are summed first to last.
 */
function packedInOrder(
  coordinates: readonly Uint32Array[],
  sizes: readonly number[],
  target: SparseFormat,
  values: ValueArray,
  order: Int32Array | undefined,
  distinct: boolean,
): SparseStorage {
  const count = (coordinates[0] as Uint32Array).length;
  const rank = coordinates.length;
  const levels = levelsOf(target);
  const firstChange = firstChangedLevel(
    coordinates,
    count,
    distinct ? lastInnerGroupEnd(levels) : rank,
  );
  const positions: (IndexArray | undefined)[] = [];
  const stored: (IndexArray | undefined)[] = [];
  // The nodes of the group packed last (the root's one), and the level ending it.
  let parents = 1;
  let parentEnd = 0;
  for (let l = 0; l < rank; ) {
    const level = levels[l] as LevelFormat;
    if (level.iteration === 'range') {
      parents *= sizes[l] as number;
      positions.push(undefined);
      stored.push(undefined);
      parentEnd = ++l;
      continue;
    }
    let end = l + 1;
    while (end < rank && !(levels[end - 1] as LevelFormat).unique) end++;
    const length = level.positionsLength(parents);
    checkLength('shape', `positions[${l}] of ${length} entries`, length);
    const group = packedGroup(
      coordinates,
      firstChange,
      { start: l, end, final: end === rank && distinct },
      parentEnd,
      parents,
      levels[0] as LevelFormat,
    );
    const { offsets } = group;
    positions.push(
      indexArrayFrom(
        target.posWidth,
        level.positionsFromOffsets(offsets),
        `positions[${l}]`,
        count,
      ),
    );
    for (let g = l; g < end; g++) {
      if (g > l) positions.push(undefined);
      stored.push(
        indexArrayFrom(
          target.crdWidth,
          group.coordinates[g - l] as Uint32Array,
          `coordinates[${g}]`,
          (sizes[g] as number) - 1,
        ),
      );
    }
    parents = group.count;
    parentEnd = end;
    l = end;
  }
  return {
    positions,
    coordinates: stored,
    values: summedValues(values, order, firstChange, rank, parents, distinct),
  };
}

/**
 * The stored values: the `k`-th sorted entry's value (`values[order[k]]`) at its node, later
 * entries with the same coordinates (no change above `rank`) added to it in order. Moved as
 * the dtype's elements, so the copy is exact. Distinct entries in an unchanged order keep
 * `values` itself (a tensor's array, never written).
 */
function summedValues(
  values: ValueArray,
  order: Int32Array | undefined,
  firstChange: Uint8Array | Uint16Array,
  rank: number,
  nodes: number,
  distinct: boolean,
): ValueArray {
  const count = firstChange.length;
  if (distinct && order === undefined) return values;
  const out = new (values.constructor as new (n: number) => ValueArray)(nodes);
  const to = out as unknown as { [i: number]: number };
  const from = values as unknown as { [i: number]: number };
  let n = -1;
  for (let k = 0; k < count; k++) {
    const v = from[order === undefined ? k : (order[k] as number)] as number;
    if ((firstChange[k] as number) < rank) to[++n] = v;
    else to[n] = (to[n] as number) + v;
  }
  return out;
}

/**
 * The end of the last level group before the final one (0 when there is one group): the
 * deepest level whose changes tell nodes apart. The entries are distinct, so every entry is a
 * node of the final group whatever its coordinates below that.
 */
function lastInnerGroupEnd(levels: readonly LevelFormat[]): number {
  let end = 0;
  for (let l = 0; l < levels.length; ) {
    let next = l + 1;
    while (next < levels.length && !(levels[next - 1] as LevelFormat).unique) next++;
    if (next < levels.length && (levels[l] as LevelFormat).iteration !== 'range') end = next;
    l = next;
  }
  return end;
}

/**
 * For each entry, the first level above `depth` at which its coordinates differ from the
 * previous entry's (`depth` where none does; 0 for the first entry): the entries are sorted,
 * so a node of a level group ending at `end` (at most `depth`) starts exactly at the entries
 * whose first change lies above `end`.
 */
function firstChangedLevel(
  coordinates: readonly Uint32Array[],
  count: number,
  depth: number,
): Uint8Array | Uint16Array {
  const first = depth < 256 ? new Uint8Array(count) : new Uint16Array(count);
  first.fill(depth);
  for (let l = depth - 1; l >= 0; l--) {
    const c = coordinates[l] as Uint32Array;
    for (let k = 1; k < count; k++) if (c[k] !== c[k - 1]) first[k] = l;
  }
  if (count > 0) first[0] = 0;
  return first;
}

/**
 * The level group `[l, end)` packed below the nodes of the group ending at `parentEnd` (the
 * root's one when 0; a dense root's nodes are its coordinates, `parents` of them): its nodes
 * (one per entry whose first change lies above `end`; every entry in the final group, `end`
 * being the rank), their coordinates at each level of the group (the entries' own arrays
 * where every entry is a node), and `offsets`, parent `p`'s nodes being
 * `[offsets[p], offsets[p + 1])`.
 */
function packedGroup(
  coordinates: readonly Uint32Array[],
  firstChange: Uint8Array | Uint16Array,
  group: { readonly start: number; readonly end: number; readonly final: boolean },
  parentEnd: number,
  parents: number,
  root: LevelFormat,
): { count: number; offsets: Uint32Array; coordinates: Uint32Array[] } {
  const count = firstChange.length;
  const { start: l, end, final } = group;
  let nodes = count;
  if (!final) {
    nodes = 0;
    for (let k = 0; k < count; k++) nodes += (firstChange[k] as number) < end ? 1 : 0;
  }
  const offsets = new Uint32Array(parents + 1);
  const levelCoordinates = coordinates
    .slice(l, end)
    .map((all) => (final ? all : new Uint32Array(nodes)));
  const denseParent = parentEnd === 1 && root.iteration === 'range';
  // Below another group every parent node has a child (one of its entries started it), so a
  // parent's nodes begin at the node its first entry starts; a dense root's rows may be empty.
  const chained = parentEnd > 0 && !denseParent;
  if (denseParent) {
    const rows = coordinates[0] as Uint32Array;
    for (let k = 0; k < count; k++) {
      if (final || (firstChange[k] as number) < end) {
        const at = (rows[k] as number) + 1;
        offsets[at] = (offsets[at] as number) + 1;
      }
    }
    for (let p = 0; p < parents; p++) {
      offsets[p + 1] = (offsets[p + 1] as number) + (offsets[p] as number);
    }
  } else if (!chained) offsets[1] = nodes;
  else if (final) {
    let parent = 0;
    for (let k = 0; k < count; k++)
      if ((firstChange[k] as number) < parentEnd) offsets[parent++] = k;
  }
  if (chained) offsets[parents] = nodes;
  if (!final) {
    // One pass per level keeps each node's coordinates (the first, below another group, also
    // where parents begin): a loop over the group's levels inside the loop over the entries
    // took twice the time.
    for (let g = l; g < end; g++) {
      keptNodes(
        coordinates[g] as Uint32Array,
        levelCoordinates[g - l] as Uint32Array,
        firstChange,
        end,
        chained && g === l ? parentEnd : 0,
        offsets,
      );
    }
  }
  return { count: nodes, offsets, coordinates: levelCoordinates };
}

/**
 * The coordinates `from[k]` of the entries that start a node (`firstChange[k] < end`) into
 * `to`, in order; where `parentEnd` is above 0, also where each parent's nodes begin (the
 * nodes whose first change lies above it) into `offsets`.
 */
function keptNodes(
  from: Uint32Array,
  to: Uint32Array,
  firstChange: Uint8Array | Uint16Array,
  end: number,
  parentEnd: number,
  offsets: Uint32Array,
): void {
  let n = 0;
  let parent = 0;
  for (let k = 0; k < from.length; k++) {
    const change = firstChange[k] as number;
    if (change >= end) continue;
    if (change < parentEnd) offsets[parent++] = n;
    to[n++] = from[k] as number;
  }
}
