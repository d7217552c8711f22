/**
 * Conversion between any two formats (level types, level order, widths) of the same tensor.
 * CSR <-> CSC is a two-pass transposition; CSR, DCSR and COO of one level order convert
 * without sorting (row-forms.ts); CSF, COO and the formats between them at any rank convert
 * on 32-bit arrays, without a sort where the level order stays (entry-levels.ts). Everything
 * else goes the way MLIR's
 * `sparse_tensor.convert` does, through a sorted coordinate list: the stored entries are
 * listed with their dimension coordinates, sorted for the target's level order by stable
 * sorts (one per level, innermost first; a pass that would not move anything is skipped), and
 * packed level by level. Linear in the number of entries plus the level sizes.
 *
 * Every stored value is kept, stored zeros included: a kernel that iterates a converted copy
 * of an operand must see the same pattern it would see in the caller's format (`0 / 0` is NaN
 * at a stored zero, nothing where no entry is stored), as scipy's `tocsr`/`tocsc` keep
 * explicit zeros. Entries with the same coordinates are summed (scipy's `sum_duplicates`,
 * torch's `coalesce`): the one rule for duplicates, shared by every constructor.
 */
import { entryLevelConversion, entryLevelStorageOfEntries } from './entry-levels.js';
import { gathered, sortEntries } from './entry-order.js';
import { levelSizesOf, levelsOf, type SparseFormat } from './format.js';
import { dimensionCoordinatesOf, levelCoordinatesOf } from './level-map.js';
import type { LevelFormat } from './levels/level-format.js';
import { checkLength, indexArrayFrom, packSorted } from './pack.js';
import { rowFormStorageOfEntries, signed, transposedRows } from './row-form-build.js';
import { rowFormOf, rowFormStorage } from './row-forms.js';
import { type IndexArray, numbersOf, type ValueArray } from './storage-arrays.js';
import type { SparseStorage } from './validate.js';

export { checkLength, indexArrayFrom, MAX_STORAGE_LENGTH } from './pack.js';

/**
 * Stored entries in some order: per dimension a coordinate array (`Float64Array`: a level
 * may hold up to 2^53 coordinates; `Int32Array` where the dimension is at most 2^31), and the
 * values.
 */
export interface EntryList {
  readonly coordinates: readonly (Float64Array | Int32Array)[];
  readonly values: ValueArray;
  readonly count: number;
}

/** What conversion reads of a source tensor: its shape, format and storage. */
export interface ConvertSource extends SparseStorage {
  readonly shape: readonly number[];
  readonly format: SparseFormat;
}

/** The storage of `source`'s tensor in `target` (a resolved format of the same rank). */
export function convertStorage(source: ConvertSource, target: SparseFormat): SparseStorage {
  if (isTransposition(source.format, target)) return transpose(source, target);
  const direct = rowFormStorage(source, target) ?? entryLevelConversion(source, target);
  if (direct !== undefined) return direct;
  // A structured level pads its groups with zeros of its own: stored zeros are not entries there.
  const entries = levelsOf(target).some((l) => l.slotsPerParent !== undefined)
    ? nonzeroEntries(listEntries(source))
    : listEntries(source);
  return storageOfEntries(entries, source.shape, target);
}

/**
 * Packs `entries` (any order, duplicates allowed) into `target`'s storage for a tensor of
 * `shape`: sorted for the target's level order, duplicates summed. A matrix in a row form is
 * built by two counting scatters (row-form-build.ts), a format of one value per entry (CSF,
 * COO and those between) is sorted and packed on 32-bit arrays (entry-levels.ts), and
 * everything else is sorted level by level and packed. The entries' coordinate arrays are consumed (packing compacts them in place, or
 * they become the storage); the values are only read.
 */
export function storageOfEntries(
  entries: EntryList,
  shape: readonly number[],
  target: SparseFormat,
): SparseStorage {
  const { coordinates, values, count } = entries;
  const levelSizes = levelSizesOf(shape, target);
  const built =
    rowFormStorageOfEntries(coordinates, values, count, shape, target) ??
    entryLevelStorageOfEntries(coordinates, values, count, shape, target);
  if (built !== undefined) return built;
  // A block format stores each blocked dimension as two level coordinates (block, offset).
  const levelCoordinates =
    target.expressions === undefined
      ? target.order.map((d) => float64Of(coordinates[d] as Float64Array | Int32Array))
      : levelCoordinatesOf(coordinates, count, target.order, target.expressions);
  const { order, keys } = sortEntries(levelCoordinates, levelSizes, entries.count);
  return packSorted(keys, levelSizes, target, entries.values, order);
}

/** Coordinates as doubles (what the level sort takes): the array itself when it is one. */
function float64Of(coordinates: Float64Array | Int32Array): Float64Array {
  return coordinates instanceof Float64Array ? coordinates : Float64Array.from(coordinates);
}

/** `entries` without the ones whose value is zero. */
export function nonzeroEntries(entries: EntryList): EntryList {
  const { values } = entries;
  const zero = values instanceof BigInt64Array ? 0n : 0;
  const keep: number[] = [];
  for (let e = 0; e < entries.count; e++) if (values[e] !== zero) keep.push(e);
  const kept = Int32Array.from(keep);
  return {
    coordinates: gathered(entries.coordinates.map(float64Of), kept),
    values: gatheredValues(values, kept),
    count: kept.length,
  };
}

/** `values[order[k]]` for each `k`, as the dtype's elements (an exact copy). */
function gatheredValues(values: ValueArray, order: Int32Array): ValueArray {
  const out = new (values.constructor as new (n: number) => ValueArray)(order.length);
  const to = out as unknown as { [i: number]: number };
  const from = values as unknown as { [i: number]: number };
  for (let k = 0; k < order.length; k++) to[k] = from[order[k] as number] as number;
  return out;
}

/** `[dense, compressed]` to `[dense, compressed]` in the other level order (CSR <-> CSC). */
function isTransposition(from: SparseFormat, to: SparseFormat): boolean {
  const csrLike = (f: SparseFormat) => rowFormOf(f) === 'pointers';
  return csrLike(from) && csrLike(to) && from.order[0] === to.order[1];
}

/**
 * The classic two-pass transposition (the sorts above collapse to it; row-form-build.ts): count
 * the entries per column, then scatter each row's entries to its columns' segments, rows in
 * order, so every segment comes out sorted. The source is canonical (every `SparseTensor` is).
 */
function transpose(source: ConvertSource, target: SparseFormat): SparseStorage {
  const rows = source.shape[source.format.order[0] as number] as number;
  const cols = source.shape[target.order[0] as number] as number;
  checkLength('shape', `positions[1] of ${cols + 1} entries`, cols + 1);
  const pointers = int32Entries(source.positions[1] as IndexArray);
  const columns = int32Entries(source.coordinates[1] as IndexArray);
  // The source is a tensor's storage, which never changes.
  const transposed = transposedRows(pointers, columns, source.values, cols, true);
  const nnz = source.values.length;
  return {
    positions: [
      undefined,
      indexArrayFrom(target.posWidth, transposed.pointers, 'positions[1]', nnz),
    ],
    coordinates: [
      undefined,
      indexArrayFrom(target.crdWidth, transposed.columns, 'coordinates[1]', rows - 1),
    ],
    values: transposed.values,
  };
}

/**
 * A position or coordinate array's entries as 32-bit integers (a view of a 32-bit array, else
 * a copy): a matrix's positions are at most MAX_STORAGE_LENGTH (2^31 - 1), and the column
 * coordinates of a transposition are below its column count, checked to be under it too.
 */
function int32Entries(array: IndexArray): Int32Array {
  if (array instanceof Uint32Array) return signed(array);
  return Int32Array.from(numbersOf(array));
}

/**
 * Lists every stored value (stored zeros and a dense level's fill included) in storage order
 * with its dimension coordinates: each stored position of the last level is walked up to the
 * root, a dense level's coordinate and parent computed from the position, a compressed
 * level's read from its coordinates and its positions' segments. In storage order the
 * entries are sorted for the source's level order (every `SparseTensor` is canonical).
 */
export function listEntries(source: ConvertSource): EntryList {
  const { format, shape, values } = source;
  const count = values.length;
  const mapped = format.expressions;
  const sizes = levelSizesOf(shape, format);
  // Per level in a block format (combined into dimensions at the end), else per dimension.
  const coordinates = (mapped === undefined ? format.order : format.levels).map(
    () => new Float64Array(count),
  );
  // The position of each entry at the level walked last.
  const node = new Int32Array(count);
  for (let e = 0; e < count; e++) node[e] = e;
  const levels = levelsOf(format);
  for (let l = levels.length - 1; l >= 0; l--) {
    const level = levels[l] as LevelFormat;
    const into = coordinates[
      mapped === undefined ? (format.order[l] as number) : l
    ] as Float64Array;
    if (l === 0 && level.iteration === 'range') {
      // The root's only child segment: a position is its coordinate.
      into.set(node);
      continue;
    }
    if (level.iteration === 'range') {
      const size = sizes[l] as number;
      for (let e = 0; e < count; e++) {
        const q = node[e] as number;
        const c = q % size;
        into[e] = c;
        node[e] = (q - c) / size;
      }
      continue;
    }
    readCoordinates(numbersOf(source.coordinates[l] as IndexArray), node, into);
    if (level.iteration === 'positions' && l > 0) {
      const pos = source.positions[l];
      toParents(level, pos === undefined ? undefined : numbersOf(pos), node);
    }
  }
  if (mapped === undefined) return { coordinates, values, count };
  const dims = dimensionCoordinatesOf(coordinates, count, shape.length, format.order, mapped);
  return { coordinates: dims, values, count };
}

function readCoordinates(crd: ArrayLike<number>, node: Int32Array, into: Float64Array): void {
  for (let e = 0; e < node.length; e++) into[e] = crd[node[e] as number] as number;
}

/**
 * Replaces each position of a level iterated by positions by its parent's: positions come in
 * non-decreasing order (storage order) and a built tensor's segments are contiguous, so one
 * forward walk over the segments serves them all.
 */
function toParents(level: LevelFormat, pos: ArrayLike<number> | undefined, node: Int32Array): void {
  let parent = 0;
  for (let e = 0; e < node.length; e++) {
    const q = node[e] as number;
    while (q >= level.segmentEnd(pos, parent, 0)) parent++;
    node[e] = parent;
  }
}
